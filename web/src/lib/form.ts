/**
 * The one form pattern: react-hook-form validated by the shared zod schema (the same rules and
 * French messages as the API), checked on submit like the forms always were. Fields are the
 * `Field`-based controls (Input, TextArea, SelectField) given `register(name)` and the error.
 * Only lazy auth and dashboard chunks import this: the landing page never loads react-hook-form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';

export function useZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
}
