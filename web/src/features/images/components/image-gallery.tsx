import { useCallback, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { GALLERIES_TEXTS, type ExportVersion, type Image } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedListEnd } from '../../../components/ui/load-more';
import { StrokeIcon } from '../../../components/ui/stroke-icon';
import { COLLECTION_ICON_PATHS } from '../../../components/ui/collection-icons';
import { ViewToggle, type ViewMode } from '../../../components/ui/view-toggle';
import { useMayChangeWorkOf } from '../../../lib/session';
import { deleteImage, deleteUnsavedResult } from '../api/delete-image';
import { isUnsavedScope, useImageList, type GalleryScope } from '../api/get-images';
import { useImageDeletion } from '../hooks/use-image-deletion';
import { savedImageExport, unsavedResultExport, useImageDownloads } from '../hooks/use-image-downloads';
import { useUnsavedSaving } from '../hooks/use-unsaved-saving';
import { useSelection } from '../hooks/use-selection';
import { ImageGrid, ImageGridSkeleton } from './image-grid';
import type { ImageItemActions } from './image-item-actions';
import { ImagePreviewDialog } from './image-preview-dialog';
import { ImageTable } from './image-table';
import { ExportVersionChoice } from '../../../components/export-version-choice';

const T = GALLERIES_TEXTS;
/** Signed URLs expire: after a picture fails, fresh ones are asked for at most this often. */
const URL_REFRESH_MIN_INTERVAL_MS = 60_000;

export interface ImageGalleryProps {
  scope: GalleryScope;
  /** Section heading; without one, `label` names the section (e.g. inside a tab). */
  title?: string;
  label?: string;
  /** Name of the ZIP archive of a bulk download (the project's name, 'Images non classées'). */
  archiveLabel: string;
  emptyText: string;
  loadFailedText: string;
  /** Buttons beside the heading (e.g. 'Nouvelle transformation'). */
  actions?: ReactNode;
  /** More buttons of the selection toolbar, composed by the route (e.g. 'Partager la sélection'). */
  selectionActions?: SelectionActions;
  /** A line under the heading. */
  intro?: string;
}

/** Buttons acting on the selected images, rendered in the selection toolbar. */
export type SelectionActions = (selected: readonly Image[]) => ReactNode;

/**
 * A gallery of saved images with the spec 2.9 tools: grid (default) or list, selection (one,
 * all, none) with its count, bulk download (one ZIP, full size or for the listing portals) and
 * bulk delete, a preview dialog, skeletons while loading, the empty text, and more images as the
 * user scrolls. The unsaved results ('Non sauvegardées', decision 090) show the same way, each
 * with a save button; deleting one takes it out of the history.
 */
export function ImageGallery({
  scope,
  title,
  label,
  archiveLabel,
  emptyText,
  loadFailedText,
  actions,
  selectionActions,
  intro,
}: ImageGalleryProps) {
  const unsaved = isUnsavedScope(scope);
  const headingId = useId();
  const list = useImageList(scope);
  const { items } = list;
  const [view, setView] = useState<ViewMode>('grid');
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<readonly Image[] | null>(null);
  const selection = useSelection(items);
  const { removeItems, reload } = list;
  // Downloads are marked by default (decision 117); the unsaved results, not yet images, are
  // exported through their transformation (decision 130).
  const [exportVersion, setExportVersion] = useState<ExportVersion>('marked');
  const downloads = useImageDownloads(reload, exportVersion, unsaved ? unsavedResultExport : savedImageExport);
  const { deleting, deleteImages } = useImageDeletion(removeItems, unsaved ? deleteUnsavedResult : deleteImage);
  const saving = useUnsavedSaving(removeItems);
  const lastRefresh = useRef(0);
  const mayChange = useMayChangeWorkOf();

  // The preview follows the list: a reload brings fresh URLs, a deletion closes it.
  const previewed = useMemo(() => items?.find((image) => image.id === previewId) ?? null, [items, previewId]);

  const pictureFailed = useCallback(() => {
    const now = Date.now();
    if (now - lastRefresh.current < URL_REFRESH_MIN_INTERVAL_MS) return;
    lastRefresh.current = now;
    void reload();
  }, [reload]);

  const itemActions: ImageItemActions = {
    isSelected: selection.isSelected,
    isDeleting: (id) => deleting.has(id),
    isDownloading: (id) => downloads.busy === id,
    toggle: selection.toggle,
    preview: (image) => setPreviewId(image.id),
    download: (image) => void downloads.downloadImage(image),
    remove: (image) => setToDelete([image]),
    mayRemove: (image) => mayChange(image.userId),
    pictureFailed,
    ...(unsaved
      ? { save: (image: Image) => void saving.save(image), isSaving: (id: string) => saving.saving.has(id) }
      : {}),
  };

  const confirmDelete = () => {
    const images = toDelete ?? [];
    setToDelete(null);
    setPreviewId((current) => (images.some((image) => image.id === current) ? null : current));
    // The selection is cleared after a bulk delete (spec 4); a single delete keeps the others ticked.
    if (images.length > 1) selection.clear();
    void deleteImages(images);
  };

  const selectedCount = selection.selected.length;
  const anyDeleting = selection.selected.some((image) => deleting.has(image.id));
  // A selection holding a colleague's image cannot be deleted by a plain member (decision 081).
  const selectionRemovable = selection.selected.every((image) => mayChange(image.userId));
  const hasImages = Boolean(items && items.length > 0);

  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
      aria-busy={list.isLoading || undefined}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title && (
          <div className="flex flex-col gap-1">
            <h2 id={headingId} className="text-xl font-semibold">
              {title}
            </h2>
            {intro && <p className="max-w-2xl text-sm text-ink-600">{intro}</p>}
          </div>
        )}
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <ViewToggle value={view} onChange={setView} />
          {actions}
        </div>
      </div>

      {hasImages && (
        <div
          role="toolbar"
          aria-label={T.toolbarLabel}
          className="flex flex-wrap items-center gap-2 rounded-card bg-white px-3 py-2 shadow-card"
        >
          <p role="status" className="mr-auto text-sm font-medium text-ink-700">
            {T.selectedCount(selectedCount)}
          </p>
          <Button size="sm" variant="ghost" onClick={selection.selectAll} disabled={selection.allSelected}>
            {T.selectAll}
          </Button>
          <Button size="sm" variant="ghost" onClick={selection.clear} disabled={selectedCount === 0}>
            {T.clearSelection}
          </Button>
          <Button
            size="sm"
            variant="outline"
            isLoading={downloads.busy === 'archive'}
            disabled={selectedCount === 0 || anyDeleting}
            onClick={() => void downloads.downloadImages(selection.selected, archiveLabel)}
          >
            {downloads.busy !== 'archive' && <StrokeIcon d={COLLECTION_ICON_PATHS.download} size={16} />}
            {T.downloadSelection}
          </Button>
          {selectionActions?.(selection.selected)}
          <Button
            size="sm"
            variant="outline"
            disabled={selectedCount === 0 || anyDeleting || downloads.busy === 'archive'}
            onClick={() => void downloads.downloadImages(selection.selected, archiveLabel, 'portal')}
          >
            {T.downloadSelectionForPortals}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={selectedCount === 0 || anyDeleting || !selectionRemovable}
            onClick={() => setToDelete(selection.selected)}
          >
            <StrokeIcon d={COLLECTION_ICON_PATHS.trash} size={16} />
            {T.deleteSelection}
          </Button>
          <ExportVersionChoice value={exportVersion} onChange={setExportVersion} />
          {downloads.busy === 'archive' && (
            <p role="status" className="w-full text-sm text-ink-600">
              {T.preparingArchive(selectedCount)}
            </p>
          )}
        </div>
      )}

      {list.error && !items ? (
        <ErrorAlert description={loadFailedText} />
      ) : items?.length === 0 ? (
        <p className="rounded-card bg-white p-6 text-center text-ink-600 shadow-card">{emptyText}</p>
      ) : view === 'grid' ? (
        items ? (
          <ImageGrid images={items} actions={itemActions} />
        ) : (
          <ImageGridSkeleton />
        )
      ) : (
        <ImageTable
          images={items}
          actions={itemActions}
          allSelected={selection.allSelected}
          onToggleAll={selection.allSelected ? selection.clear : selection.selectAll}
        />
      )}
      <PagedListEnd list={list} />

      <ImagePreviewDialog
        image={previewed}
        onClose={() => setPreviewId(null)}
        downloading={previewed !== null && downloads.busy === previewed.id}
        onDownload={(image) => void downloads.downloadImage(image)}
        onDownloadForPortals={(image) => void downloads.downloadImage(image, 'portal')}
        onDelete={previewed && mayChange(previewed.userId) ? (image) => setToDelete([image]) : undefined}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={T.deleteTitle(toDelete?.length ?? 1)}
        description={unsaved ? T.deleteUnsavedBody(toDelete?.length ?? 1) : T.deleteBody(toDelete?.length ?? 1)}
        confirmLabel={T.confirmDelete}
        cancelLabel={T.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
