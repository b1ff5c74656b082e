import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { ACCEPTED_CONTENT_TYPES } from '../file-acceptance';

/**
 * A hidden multi-file input opened by a real button, so picking files works with the keyboard
 * and keeps the button's visible focus. Returns the input to render and the function opening it.
 */
export function useFilePicker(onFiles: (files: File[]) => void): { input: ReactNode; open: () => void } {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      multiple
      accept={ACCEPTED_CONTENT_TYPES}
      hidden
      data-testid="wizard-file-input"
      onChange={(event) => {
        onFiles(Array.from(event.target.files ?? []));
        event.target.value = '';
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}

/** Drop area with a Browse button and the formats hint (spec 2.7, 5). */
export function FileDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const picker = useFilePicker(onFiles);

  const onDragEnter = (event: DragEvent) => {
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div
      onDragEnter={onDragEnter}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed px-4 py-10 text-center transition-colors',
        dragging ? 'border-brand-500 bg-brand-50' : 'border-ink-300 bg-white',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="36"
        height="36"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className="text-brand-600"
      >
        <path
          d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="font-medium text-ink-900">{WIZARD_TEXTS.dropTitle}</p>
      <p className="text-sm text-ink-600">{WIZARD_TEXTS.dropOr}</p>
      {picker.input}
      <Button variant="secondary" onClick={picker.open} aria-describedby={hintId} data-browse="">
        {WIZARD_TEXTS.browse}
      </Button>
      <p id={hintId} className="text-xs text-ink-500">
        <span className="block">{WIZARD_TEXTS.formatsHint}</span>
        <span className="block">{WIZARD_TEXTS.largePhotosHint}</span>
      </p>
    </div>
  );
}
