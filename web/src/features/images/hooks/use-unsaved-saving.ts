import { useCallback, useState } from 'react';
import { GALLERIES_TEXTS, WIZARD_TEXTS, type Image } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { LISTS } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';
import { saveUnsavedResult } from '../api/save-unsaved-result';

/**
 * Saves unsaved results of the history into 'Images non classées' (decision 090): each leaves
 * 'Non sauvegardées' once saved, and the unclassified images list reloads to show it.
 */
export function useUnsavedSaving(onSaved: (ids: ReadonlySet<string>) => void) {
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const { toast } = useToast();

  const save = useCallback(
    async (image: Image) => {
      setSaving((current) => new Set([...current, image.id]));
      try {
        await saveUnsavedResult(image);
        onSaved(new Set([image.id]));
        invalidateLists(LISTS.unclassifiedImages);
        toast({ variant: 'success', title: GALLERIES_TEXTS.saved });
      } catch (error) {
        toast({
          variant: 'error',
          title: WIZARD_TEXTS.saveFailed(errorMessage(error, WIZARD_TEXTS.saveFailedDefault)),
        });
      } finally {
        setSaving((current) => new Set([...current].filter((id) => id !== image.id)));
      }
    },
    [onSaved, toast],
  );

  return { saving, save };
}
