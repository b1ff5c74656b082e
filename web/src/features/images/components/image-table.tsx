import { formatDate, GALLERIES_TEXTS, type Image } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { cn } from '../../../lib/cn';
import { resultThumbnail } from '../image-urls';
import type { ImageItemActions } from './image-item-actions';

const T = GALLERIES_TEXTS;
/** Spec 9: 10 list-row skeletons. */
export const ROW_SKELETONS = 10;

export interface ImageTableProps {
  images: readonly Image[] | undefined;
  actions: ImageItemActions;
  allSelected: boolean;
  onToggleAll: () => void;
}

/** The list view (spec 2.9): a select-all checkbox, then Nom, Date, Actions; skeleton rows while loading. */
export function ImageTable({ images, actions, allSelected, onToggleAll }: ImageTableProps) {
  return (
    <div className="overflow-x-auto rounded-card bg-white shadow-card">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            <th scope="col" className="w-12 px-4 py-3">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={allSelected}
                disabled={!images?.length}
                onChange={onToggleAll}
                aria-label={T.selectAllLabel}
              />
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.name}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {T.columns.date}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              {T.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {images === undefined
            ? Array.from({ length: ROW_SKELETONS }, (_, index) => (
                <tr key={index} data-testid="row-skeleton">
                  <td className="px-4 py-3">
                    <Skeleton className="size-4" />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Skeleton className="h-10 w-14" />
                      <Skeleton className="h-4 w-40" />
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <Skeleton className="h-4 w-24" />
                  </td>
                  <td className="px-4 py-3">
                    <Skeleton className="ml-auto h-4 w-32" />
                  </td>
                </tr>
              ))
            : images.map((image) => <ImageRow key={image.id} image={image} actions={actions} />)}
        </tbody>
      </table>
    </div>
  );
}

function ImageRow({ image, actions }: { image: Image; actions: ImageItemActions }) {
  const deleting = actions.isDeleting(image.id);
  return (
    <tr
      aria-busy={deleting || undefined}
      className={cn(actions.isSelected(image.id) && 'bg-brand-50', deleting && 'opacity-50')}
    >
      <td className="px-4 py-2">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={actions.isSelected(image.id)}
          disabled={deleting}
          onChange={() => actions.toggle(image.id)}
          aria-label={T.selectImage(image.name)}
        />
      </td>
      <td className="px-4 py-2">
        <button
          type="button"
          onClick={() => actions.preview(image)}
          disabled={deleting}
          className="flex items-center gap-3 text-left font-medium hover:underline"
        >
          <span className="h-10 w-14 shrink-0 overflow-hidden rounded-md">
            <Thumbnail src={resultThumbnail(image)} alt="" onError={actions.pictureFailed} />
          </span>
          <span className="max-w-xs truncate">{image.name}</span>
        </button>
      </td>
      <td className="px-4 py-2 whitespace-nowrap text-ink-600">
        {deleting ? T.deleting : formatDate(image.createdAt)}
      </td>
      <td className="px-4 py-2">
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label={T.actionLabel(T.download, image.name)}
            isLoading={actions.isDownloading(image.id)}
            disabled={deleting}
            onClick={() => actions.download(image)}
          >
            {T.download}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-700"
            aria-label={T.actionLabel(T.delete, image.name)}
            disabled={deleting}
            onClick={() => actions.remove(image)}
          >
            {T.delete}
          </Button>
        </div>
      </td>
    </tr>
  );
}
