import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { COMMON_TEXTS } from '@vitrine/shared';
import { ICON_PATHS, StrokeIcon } from './stroke-icon';

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it disappears by itself; 0 keeps it until closed. @default 5000 */
  durationMs?: number;
}

interface ToastEntry extends Required<Omit<ToastOptions, 'description'>> {
  id: number;
  description?: string;
}

export interface ToastApi {
  /** Shows a notification and returns its id. */
  toast: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DEFAULT_DURATION_MS = 5000;

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  success: 'border-success-600',
  error: 'border-danger-600',
  info: 'border-brand-600',
};

/** Holds the notifications and renders them in two live regions (errors are announced assertively). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((entry) => entry.id !== id));
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((current) => [
      ...current,
      { id, variant: 'info', durationMs: DEFAULT_DURATION_MS, ...options } satisfies ToastEntry,
    ]);
    return id;
  }, []);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const region = (assertive: boolean) => (
    <div
      role={assertive ? 'alert' : 'status'}
      aria-live={assertive ? 'assertive' : 'polite'}
      className="flex flex-col gap-2"
    >
      {toasts
        .filter((entry) => (entry.variant === 'error') === assertive)
        .map((entry) => (
          <ToastCard key={entry.id} entry={entry} onDismiss={dismiss} />
        ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
        {region(true)}
        {region(false)}
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ entry, onDismiss }: { entry: ToastEntry; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (entry.durationMs <= 0) return;
    const timer = setTimeout(() => onDismiss(entry.id), entry.durationMs);
    return () => clearTimeout(timer);
  }, [entry.id, entry.durationMs, onDismiss]);

  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 bg-white p-4 text-ink-900 shadow-lg ${VARIANT_CLASSES[entry.variant]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{entry.title}</p>
        {entry.description && <p className="mt-1 text-sm text-ink-600">{entry.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(entry.id)}
        aria-label={COMMON_TEXTS.ui.closeNotification}
        className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-ink-500 hover:bg-ink-100"
      >
        <StrokeIcon d={ICON_PATHS.close} size={16} />
      </button>
    </div>
  );
}

/** Access to the notifications; must be used under <ToastProvider>. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
