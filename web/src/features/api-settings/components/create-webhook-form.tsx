import {
  API_KEYS_TEXTS,
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  webhookEndpointCreateSchema,
  type WebhookEndpointCreateInput,
  WEBHOOKS_TEXTS,
} from '@vitrine/shared';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Input } from '../../../components/ui/input';
import { useCreateWebhook } from '../api/webhooks';
import { useCreateForm } from '../hooks/use-create-form';

const T = WEBHOOKS_TEXTS;
const EMPTY: WebhookEndpointCreateInput = { url: '', events: [] };

/**
 * Registers an endpoint: its URL and the events it receives. The server checks the address (HTTPS,
 * public) and its refusal is shown as it words it; the created endpoint goes to `onCreated`, which
 * shows its secret once.
 */
export function CreateWebhookForm({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) {
  const eventsErrorId = useId();
  const {
    form: {
      register,
      formState: { errors, isSubmitting },
    },
    serverError,
    onSubmit,
  } = useCreateForm(webhookEndpointCreateSchema, EMPTY, useCreateWebhook(), onCreated, API_KEYS_TEXTS.actionFailed);

  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-card bg-white p-4 shadow-card">
      {serverError && <ErrorAlert description={serverError} />}
      <Input
        label={T.url}
        type="url"
        inputMode="url"
        placeholder={T.urlPlaceholder}
        autoComplete="off"
        required
        error={errors.url?.message}
        {...register('url')}
      />
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={eventsError ? true : undefined}
        aria-describedby={eventsError ? eventsErrorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium text-ink-800">{T.eventsLabel}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-3 text-sm text-ink-800">
              <input type="checkbox" value={type} className="size-4 accent-brand-600" {...register('events')} />
              {T.events[type]}
            </label>
          ))}
        </div>
        {eventsError && (
          <p id={eventsErrorId} className="text-sm text-danger-700">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" isLoading={isSubmitting}>
          {T.create}
        </Button>
      </div>
    </form>
  );
}
