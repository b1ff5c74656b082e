import { useState, type FormEvent } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type * as z from 'zod/mini';
import { errorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/form';

/**
 * A settings form that creates one thing (an API key, a webhook endpoint): the created thing goes
 * to `onCreated`, which shows its secret once, and the form empties; a refusal is shown as the
 * server words it, cleared at the next submit.
 */
export function useCreateForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>, Created>(
  schema: Schema,
  empty: DefaultValues<z.input<Schema>>,
  create: (input: z.output<Schema>) => Promise<Created>,
  onCreated: (created: Created) => void,
  failedMessage: string,
) {
  const form = useZodForm(schema, empty);
  const [serverError, setServerError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setServerError(null);
    void form.handleSubmit(async (input) => {
      try {
        onCreated(await create(input));
        form.reset(empty);
      } catch (error) {
        setServerError(errorMessage(error, failedMessage));
      }
    })(event);
  };
  return { form, serverError, onSubmit };
}
