import { COMMON_TEXTS } from '@vitrine/shared';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export interface DialogProps {
  open: boolean;
  /** Called when the user asks to close (close button, Escape, click outside) on a dismissable dialog. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons shown at the bottom. */
  footer?: ReactNode;
  /**
   * False for dialogs the user must answer (onboarding): no close button,
   * and neither Escape nor a click outside closes it.
   * @default true
   */
  dismissable?: boolean;
  /** Maximum width: md for forms and confirmations, lg for content with cards or media. @default 'md' */
  size?: 'md' | 'lg';
  className?: string;
}

const SIZE_CLASSES = { md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * Modal dialog on the native <dialog> element: `showModal()` makes the rest of the page inert
 * (focus stays inside), moves focus in and restores it on close.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  dismissable = true,
  size = 'md',
  className = '',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  const requestClose = () => {
    if (dismissable) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Preventing the keydown stops the browser's close request for non-dismissable dialogs.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      requestClose();
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the <dialog> element itself (not its content) lands on the backdrop.
    if (event.target === event.currentTarget) requestClose();
  };

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onKeyDown={onKeyDown}
      onClick={onBackdropClick}
      className={`m-auto w-[calc(100%-2rem)] ${SIZE_CLASSES[size]} rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-900/60 ${className}`}
    >
      {open && (
        <div className="relative p-6">
          <h2 id={titleId} className="pr-10 text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-2 text-sm text-ink-600">
              {description}
            </p>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
          {dismissable && (
            <button
              type="button"
              onClick={onClose}
              aria-label={COMMON_TEXTS.ui.closeDialog}
              className="absolute top-4 right-4 inline-flex h-9 w-9 items-center justify-center rounded-full text-ink-500 hover:bg-ink-100 hover:text-ink-900"
            >
              <StrokeIcon d={ICON_PATHS.close} />
            </button>
          )}
        </div>
      )}
    </dialog>
  );
}
