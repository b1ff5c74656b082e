import type * as z from 'zod/mini';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/** First message of each field of a failed zod parse, keyed by the top-level field name. */
export function fieldErrors<T>(error: z.core.$ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/** The string values of a submitted form, by field name. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}
