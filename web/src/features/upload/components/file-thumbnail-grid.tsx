import { useEffect, useRef } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import type { LocalUpload } from '../wizard-state';
import { useFilePicker } from './file-drop-zone';
import { ICON_PATHS, StrokeIcon } from '../../../components/ui/stroke-icon';

/** The picked photos with a remove button each, and the Add tile that picks more. */
export function FileThumbnailGrid({
  files,
  onRemove,
  onAdd,
}: {
  files: LocalUpload[];
  onRemove: (fileId: string) => void;
  onAdd: (files: File[]) => void;
}) {
  const picker = useFilePicker(onAdd);
  const listRef = useRef<HTMLUListElement>(null);
  // Index of the photo just removed: focus moves to the remove button now in its place, or to the
  // Add tile after the last one, instead of falling to the page body with the removed button.
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('li > button') ?? [];
    buttons[Math.min(index, buttons.length - 1)]?.focus();
  }, [files.length]);

  return (
    <ul
      ref={listRef}
      aria-label={WIZARD_TEXTS.filesLabel}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      {files.map((upload, index) => (
        <li key={upload.id} className="group relative overflow-hidden rounded-xl bg-ink-100 shadow-card">
          <img src={upload.previewUrl} alt={upload.file.name} className="aspect-[4/3] w-full object-cover" />
          <p className="truncate px-2 py-1.5 text-xs text-ink-700" title={upload.file.name}>
            {upload.file.name}
          </p>
          <button
            type="button"
            onClick={() => {
              onRemove(upload.id);
              focusIndex.current = index;
            }}
            aria-label={WIZARD_TEXTS.removeFile(upload.file.name)}
            className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-ink-800 shadow hover:bg-white hover:text-danger-700"
          >
            <StrokeIcon d={ICON_PATHS.close} size={18} />
          </button>
        </li>
      ))}
      <li>
        {picker.input}
        <button
          type="button"
          onClick={picker.open}
          aria-label={WIZARD_TEXTS.addTileLabel}
          className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-ink-300 bg-white text-sm font-medium text-ink-700 hover:border-brand-500 hover:text-brand-700"
        >
          <StrokeIcon d={ICON_PATHS.plus} size={24} />
          {WIZARD_TEXTS.addTile}
        </button>
      </li>
    </ul>
  );
}
