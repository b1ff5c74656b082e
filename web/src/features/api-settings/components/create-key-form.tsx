import {
  API_KEY_SCOPES,
  API_KEYS_TEXTS,
  apiKeyCreateSchema,
  type ApiKeyCreateInput,
  type CreatedApiKey,
} from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { SelectField } from '../../../components/ui/select-field';
import { useCreateApiKey } from '../api/api-keys';
import { useCreateForm } from '../hooks/use-create-form';

const T = API_KEYS_TEXTS;
const EMPTY: ApiKeyCreateInput = { name: '', scope: 'transform' };
const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({ value: scope, label: T.scopes[scope] }));

/** Names a new key and chooses its scope; the created key goes to `onCreated`, which shows it once. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    serverError,
    onSubmit,
  } = useCreateForm(apiKeyCreateSchema, EMPTY, useCreateApiKey(), onCreated, T.actionFailed);

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-card bg-white p-4 shadow-card sm:flex-row sm:items-end"
    >
      {serverError && <ErrorAlert description={serverError} />}
      <Input
        label={T.name}
        placeholder={T.namePlaceholder}
        autoComplete="off"
        required
        containerClassName="flex-1"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label={T.scope} options={SCOPE_OPTIONS} error={errors.scope?.message} {...register('scope')} />
      <Button type="submit" isLoading={isSubmitting}>
        {T.create}
      </Button>
    </form>
  );
}
