import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label, tied to the input. */
  label: ReactNode;
  /** Error text: shown under the field, sets aria-invalid and is announced through aria-describedby. */
  error?: string | null;
  /** Help text under the field, also referenced by aria-describedby. */
  hint?: ReactNode;
  id?: string;
  /** Classes of the wrapping element. */
  containerClassName?: string;
}

/** Labelled text input with hint and error text wired for assistive technologies. */
export function Input({ label, error, hint, id, className, containerClassName, required, ...props }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-600">
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        required={required}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'h-10 w-full rounded-lg border bg-white px-3 text-base text-ink-900 placeholder:text-ink-400 sm:text-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
          'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-500',
          error ? 'border-danger-600' : 'border-ink-300',
          className,
        )}
      />
      {hint && (
        <p id={hintId} className="text-xs text-ink-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
