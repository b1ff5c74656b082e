import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** What a control needs from its field: its id and the accessible state of the field. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** Visible label, tied to the control. */
  label: ReactNode;
  /** Error text: shown under the control, sets aria-invalid and is announced through aria-describedby. */
  error?: string | null;
  /** Help text under the control, also referenced by aria-describedby. */
  hint?: ReactNode;
  /** Marks the label (the control carries `required` itself). */
  required?: boolean;
  id?: string;
  /** Ids of other descriptions of the control. */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** The one field wrapper of every form: label, control, hint and error, wired for assistive technologies. */
export function Field({ label, error, hint, required, id, describedBy, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-ink-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-danger-600">
            *
          </span>
        )}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
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

export const controlClasses = (invalid: boolean, className?: string) =>
  cn(
    'w-full rounded-lg border bg-white px-3 text-base text-ink-900 placeholder:text-ink-400 sm:text-sm',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
    'disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-500',
    invalid ? 'border-danger-600' : 'border-ink-300',
    className,
  );
