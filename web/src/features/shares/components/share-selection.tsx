import { SHARES_TEXTS } from '@vitrine/shared';
import { ShareButton } from './share-button';

/** 'Partager la sélection' in a gallery's selection toolbar. */
export function shareSelection(selected: readonly { id: string }[]) {
  return (
    <ShareButton
      target={{ imageIds: selected.map((image) => image.id) }}
      label={SHARES_TEXTS.shareSelection}
      disabled={selected.length === 0}
    />
  );
}
