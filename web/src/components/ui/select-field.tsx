import type { ComponentPropsWithRef } from 'react';
import { Field, controlClasses } from './field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: string;
  options: readonly SelectOption[];
  /** The chosen value, for callers that keep it in state (forms use `register` instead). */
  onValueChange?: (value: string) => void;
  containerClassName?: string;
  error?: string | null;
}

/** A labelled native select (a Field around a select); keyboard and screen-reader support come with the element. */
export function SelectField({
  label,
  options,
  onValueChange,
  onChange,
  containerClassName,
  className,
  error,
  ...props
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} className={containerClassName}>
      {(control) => (
        <select
          {...props}
          {...control}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
          className={controlClasses(false, `h-10 ${className ?? ''}`)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
