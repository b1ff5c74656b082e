import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Field, controlClasses } from './field';

interface FieldOwnProps {
  /** Visible label, tied to the control. */
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Classes of the wrapping element. */
  containerClassName?: string;
}

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & FieldOwnProps;

/** Labelled text input (a Field around an input); takes react-hook-form's `register` props. */
export function Input({ label, error, hint, id, className, containerClassName, required, ...props }: InputProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      required={required}
      id={id}
      describedBy={props['aria-describedby']}
      className={containerClassName}
    >
      {(control) => (
        <input
          required={required}
          {...props}
          {...control}
          className={controlClasses(Boolean(error), `h-10 ${className ?? ''}`)}
        />
      )}
    </Field>
  );
}

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id'> & FieldOwnProps;

/** Labelled multi-line input (a Field around a textarea). */
export function TextArea({ label, error, hint, id, className, containerClassName, required, ...props }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} id={id} className={containerClassName}>
      {(control) => (
        <textarea
          required={required}
          {...props}
          {...control}
          className={controlClasses(Boolean(error), `py-2 ${className ?? ''}`)}
        />
      )}
    </Field>
  );
}
