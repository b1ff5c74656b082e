import { formatDate, GALLERIES_TEXTS, type Image } from '@vitrine/shared';
import { ActionsCell, DataCell, DataTable, SkeletonRows } from '../../../components/ui/data-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { cn } from '../../../lib/cn';
import { resultThumbnail } from '../image-urls';
import type { ImageItemActions } from './image-item-actions';
import { ImageItemButtons } from './image-item-buttons';
import { TransformationBadge } from './transformation-badge';

const T = GALLERIES_TEXTS;
/** Spec 9: 10 list-row skeletons. */
export const ROW_SKELETONS = 10;

export interface ImageTableProps {
  images: readonly Image[] | undefined;
  actions: ImageItemActions;
  allSelected: boolean;
  onToggleAll: () => void;
}

/**
 * The list view (spec 2.9): a select-all checkbox, then Nom, Transformation (type and main option,
 * decision 092), Date, Actions; skeleton rows while loading.
 */
export function ImageTable({ images, actions, allSelected, onToggleAll }: ImageTableProps) {
  const columns = [
    {
      key: 'select',
      className: 'w-12',
      header: (
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={allSelected}
          disabled={!images?.length}
          onChange={onToggleAll}
          aria-label={T.selectAllLabel}
        />
      ),
    },
    { key: 'name', header: T.columns.name },
    { key: 'transformation', header: T.columns.transformation },
    { key: 'date', header: T.columns.date },
    { key: 'actions', header: T.columns.actions, align: 'end' },
  ] as const;
  return (
    <DataTable columns={columns} minWidthClassName="min-w-[46rem]">
      {images === undefined ? (
        <SkeletonRows
          count={ROW_SKELETONS}
          cells={[
            <Skeleton key="select" className="size-4" />,
            <div key="name" className="flex items-center gap-3">
              <Skeleton className="h-10 w-14" />
              <Skeleton className="h-4 w-40" />
            </div>,
            <Skeleton key="transformation" className="h-4 w-28" />,
            <Skeleton key="date" className="h-4 w-24" />,
            <Skeleton key="actions" className="ml-auto h-4 w-32" />,
          ]}
        />
      ) : (
        images.map((image) => <ImageRow key={image.id} image={image} actions={actions} />)
      )}
    </DataTable>
  );
}

function ImageRow({ image, actions }: { image: Image; actions: ImageItemActions }) {
  const deleting = actions.isDeleting(image.id);
  return (
    <tr
      aria-busy={deleting || undefined}
      className={cn(actions.isSelected(image.id) && 'bg-brand-50', deleting && 'opacity-50')}
    >
      <DataCell>
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={actions.isSelected(image.id)}
          disabled={deleting}
          onChange={() => actions.toggle(image.id)}
          aria-label={T.selectImage(image.name)}
        />
      </DataCell>
      <DataCell>
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
      </DataCell>
      <DataCell className="max-w-[14rem]">
        <TransformationBadge image={image} />
      </DataCell>
      <DataCell className="whitespace-nowrap text-ink-600">
        {deleting ? T.deleting : formatDate(image.createdAt)}
      </DataCell>
      <ActionsCell>
        <ImageItemButtons image={image} actions={actions} look="words" />
      </ActionsCell>
    </tr>
  );
}
