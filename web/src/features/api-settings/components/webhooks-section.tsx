import {
  API_KEYS_TEXTS,
  type CreatedWebhookEndpoint,
  type WebhookDeliverySummary,
  type WebhookEndpointSummary,
  WEBHOOKS_TEXTS,
} from '@vitrine/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useDeleteWebhook, useEnableWebhook, useResendDelivery, useWebhooks } from '../api/webhooks';
import { CreateWebhookForm } from './create-webhook-form';
import { SecretShownOnceDialog } from './secret-shown-once-dialog';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';
import { WebhookEndpointsTable } from './webhook-endpoints-table';

const T = WEBHOOKS_TEXTS;

/**
 * Paramètres > API, Webhooks (issue 25 §2, decision 114): register an endpoint and see its signing
 * secret once, list, delete or re-enable endpoints, and resend a recent delivery. The tab is for
 * owners and admins only, as the routes are.
 */
export function WebhooksSection() {
  const headingId = useId();
  const deliveriesHeadingId = useId();
  const { data: overview, error } = useWebhooks();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const resend = useResendDelivery();
  const { toast } = useToast();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState<string | null>(null);

  /** Runs an action, then says it went well or why it did not (the API's French message). */
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      toast({ title: done, variant: 'success' });
    } catch (actionError) {
      toast({ title: errorMessage(actionError, API_KEYS_TEXTS.actionFailed), variant: 'error' });
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    await run(() => remove(removing.id), T.removeDone);
    setBusy(false);
    setRemoving(null);
  }

  async function resendDelivery(delivery: WebhookDeliverySummary) {
    setResending(delivery.id);
    await run(() => resend(delivery.id), T.resendDone);
    setResending(null);
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6 border-t border-ink-200 pt-6">
      <div className="flex flex-col gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink-900">
          {T.title}
        </h2>
        <p className="text-sm text-ink-700">{T.intro}</p>
      </div>
      <CreateWebhookForm onCreated={setCreated} />
      {error ? (
        <ErrorAlert description={errorMessage(error, T.loadFailed)} />
      ) : overview ? (
        <>
          <WebhookEndpointsTable
            endpoints={overview.endpoints}
            onEnable={(endpoint) => void run(() => enable(endpoint.id), T.enableDone)}
            onRemove={setRemoving}
            labelledBy={headingId}
          />
          <h3 id={deliveriesHeadingId} className="text-base font-semibold text-ink-900">
            {T.deliveriesTitle}
          </h3>
          <WebhookDeliveriesTable
            deliveries={overview.deliveries}
            resending={resending}
            onResend={(delivery) => void resendDelivery(delivery)}
            labelledBy={deliveriesHeadingId}
          />
        </>
      ) : (
        <Spinner />
      )}
      <SecretShownOnceDialog
        shown={created && { name: created.url, secret: created.secret }}
        texts={T}
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={T.removeTitle}
        description={T.removeConfirm}
        confirmLabel={T.remove}
        cancelLabel={API_KEYS_TEXTS.cancel}
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
