import { GALLERIES_TEXTS, WIZARD_TEXTS, type Image } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { COLLECTION_ICON_PATHS } from '../../../components/ui/collection-icons';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import type { ImageItemActions } from './image-item-actions';

const T = GALLERIES_TEXTS;

/**
 * A tile's or a row's buttons: save (unsaved results only), download, delete (when allowed).
 * Tiles show icons, rows words; both name the image for screen readers.
 */
export function ImageItemButtons({
  image,
  actions,
  look,
}: {
  image: Image;
  actions: ImageItemActions;
  look: 'icons' | 'words';
}) {
  const deleting = actions.isDeleting(image.id);
  const downloading = actions.isDownloading(image.id);
  const icons = look === 'icons';
  return (
    <>
      {actions.save && (
        <Button
          size="sm"
          variant="outline"
          aria-label={T.actionLabel(WIZARD_TEXTS.save, image.name)}
          isLoading={actions.isSaving?.(image.id)}
          disabled={deleting}
          onClick={() => actions.save?.(image)}
        >
          {WIZARD_TEXTS.save}
        </Button>
      )}
      <Button
        size={icons ? 'icon' : 'sm'}
        variant={icons ? 'ghost' : 'outline'}
        className={icons ? 'size-9' : undefined}
        aria-label={T.actionLabel(T.download, image.name)}
        isLoading={downloading}
        disabled={deleting}
        onClick={() => actions.download(image)}
      >
        {icons ? !downloading && <StrokeIcon d={COLLECTION_ICON_PATHS.download} size={18} /> : T.download}
      </Button>
      {actions.mayRemove(image) && (
        <Button
          size={icons ? 'icon' : 'sm'}
          variant="ghost"
          className={icons ? 'size-9 text-danger-700' : 'text-danger-700'}
          aria-label={T.actionLabel(T.delete, image.name)}
          disabled={deleting}
          onClick={() => actions.remove(image)}
        >
          {icons ? <StrokeIcon d={COLLECTION_ICON_PATHS.trash} size={18} /> : T.delete}
        </Button>
      )}
    </>
  );
}
