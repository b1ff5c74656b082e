/**
 * The organization's webhooks (issue 25 §2, decision 114): GET and POST /api/webhooks, DELETE
 * /api/webhooks/{id}, POST /api/webhooks/{id}/enable and /api/webhooks/deliveries/{id}/resend; the
 * overview (endpoints and recent deliveries) reloads after each change.
 */
import type {
  CreatedWebhookEndpoint,
  WebhookDeliverySummary,
  WebhookEndpointCreateInput,
  WebhooksOverview,
} from '@vitrine/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiFetcher } from '../../../lib/api-client';

export const WEBHOOKS_KEY = '/webhooks';

export function useWebhooks() {
  return useSWR<WebhooksOverview, Error>(WEBHOOKS_KEY, apiFetcher);
}

/** An action on the webhooks, then the overview reloaded. */
function useWebhooksAction<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const { mutate } = useSWRConfig();
  return async (...args: Args): Promise<Result> => {
    const result = await action(...args);
    await mutate(WEBHOOKS_KEY);
    return result;
  };
}

export const useCreateWebhook = () =>
  useWebhooksAction((input: WebhookEndpointCreateInput) =>
    api<CreatedWebhookEndpoint>(WEBHOOKS_KEY, { method: 'POST', body: input }),
  );

export const useDeleteWebhook = () =>
  useWebhooksAction((id: string) => api<void>(`${WEBHOOKS_KEY}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useEnableWebhook = () =>
  useWebhooksAction((id: string) => api<void>(`${WEBHOOKS_KEY}/${encodeURIComponent(id)}/enable`, { method: 'POST' }));

export const useResendDelivery = () =>
  useWebhooksAction((id: string) =>
    api<WebhookDeliverySummary>(`${WEBHOOKS_KEY}/deliveries/${encodeURIComponent(id)}/resend`, { method: 'POST' }),
  );
