import { formatDate, GALLERIES_TEXTS, type Image } from '@vitrine/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { cn } from '../../../lib/cn';
import { resultThumbnail } from '../image-urls';
import type { ImageItemActions } from './image-item-actions';
import { ImageItemButtons } from './image-item-buttons';
import { TransformationBadge } from './transformation-badge';

const T = GALLERIES_TEXTS;

/** Spec 9: 1 to 4 columns by width. */
const GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/** Spec 9: 8 tile skeletons. */
export const TILE_SKELETONS = 8;

export function ImageGrid({ images, actions }: { images: readonly Image[]; actions: ImageItemActions }) {
  return (
    <ul className={GRID_CLASSES}>
      {images.map((image) => (
        <li key={image.id}>
          <ImageTile image={image} actions={actions} />
        </li>
      ))}
    </ul>
  );
}

function ImageTile({ image, actions }: { image: Image; actions: ImageItemActions }) {
  const deleting = actions.isDeleting(image.id);
  const selected = actions.isSelected(image.id);
  return (
    <article
      aria-label={image.name}
      aria-busy={deleting || undefined}
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-brand-600 transition-opacity',
        selected && 'ring-2',
        deleting && 'opacity-50',
      )}
    >
      <button
        type="button"
        onClick={() => actions.preview(image)}
        disabled={deleting}
        aria-label={T.actionLabel(T.preview, image.name)}
        className="block aspect-[4/3] w-full overflow-hidden"
      >
        <Thumbnail src={resultThumbnail(image)} alt={T.resultAlt(image.name)} onError={actions.pictureFailed} />
      </button>
      <TransformationBadge image={image} className="absolute top-3 right-2 max-w-[70%] bg-white/95 shadow" />
      <label className="absolute top-2 left-2 flex size-9 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={selected}
          disabled={deleting}
          onChange={() => actions.toggle(image.id)}
          aria-label={T.selectImage(image.name)}
        />
      </label>
      <div className="flex flex-1 items-center gap-2 p-3">
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-semibold" title={image.name}>
            {image.name}
          </span>
          <span className="text-xs text-ink-600">{deleting ? T.deleting : formatDate(image.createdAt)}</span>
        </div>
        <ImageItemButtons image={image} actions={actions} look="icons" />
      </div>
    </article>
  );
}

export function ImageGridSkeleton() {
  return (
    <ul className={GRID_CLASSES}>
      {Array.from({ length: TILE_SKELETONS }, (_, index) => (
        <li key={index} data-testid="tile-skeleton" className="overflow-hidden rounded-card bg-white shadow-card">
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="flex flex-col gap-2 p-3">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
