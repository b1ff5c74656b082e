/**
 * Paramètres > API, webhooks (decision 114): owners and admins register an endpoint (its URL
 * checked now, and again at each delivery), see its secret once, delete or re-enable it, list the
 * recent deliveries and resend one. A resend is a new delivery of the same event (same event id
 * and body), so a receiver that processed it already recognises it.
 */
import { randomUUID } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type WebhookEndpointCreateInput,
  WEBHOOKS_TEXTS,
  type WebhooksOverview,
} from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { type AddressPolicy, type AddressRefusal, checkWebhookUrl, type Resolve } from './webhook-address';
import { queueDelivery, type WebhookEmitterDeps } from './webhook-events';
import {
  createEndpoint,
  enableEndpoint,
  getDelivery,
  getEndpoint,
  listEndpoints,
  listRecentDeliveries,
  putDelivery,
  toDeliverySummary,
  toEndpointSummary,
} from './webhook-store';

export interface WebhookEndpointsDeps extends WebhookEmitterDeps {
  policy: AddressPolicy;
  resolve?: Resolve;
}

const REFUSAL_MESSAGES: Record<AddressRefusal, string> = {
  'invalid-url': WEBHOOKS_TEXTS.urlInvalid,
  'not-https': WEBHOOKS_TEXTS.urlNotHttps,
  'credentials-in-url': WEBHOOKS_TEXTS.urlCredentials,
  unresolvable: WEBHOOKS_TEXTS.urlUnresolvable,
  'private-address': WEBHOOKS_TEXTS.urlPrivate,
};

/** The URL as registered (normalised by URL), or a 400 in French saying why not. */
export async function checkedWebhookUrl(deps: WebhookEndpointsDeps, raw: string): Promise<string> {
  const check = await checkWebhookUrl(raw, deps.policy, deps.resolve);
  if (!check.allowed) throw new BadRequest(REFUSAL_MESSAGES[check.reason]);
  return check.url.href;
}

export async function webhooksOverview(deps: WebhookEndpointsDeps, orgId: string): Promise<WebhooksOverview> {
  const [endpoints, deliveries] = await Promise.all([listEndpoints(deps, orgId), listRecentDeliveries(deps, orgId)]);
  return { endpoints: endpoints.map(toEndpointSummary), deliveries: deliveries.map(toDeliverySummary) };
}

export async function registerEndpoint(
  deps: WebhookEndpointsDeps,
  owner: { orgId: string; userId: string },
  input: WebhookEndpointCreateInput,
): Promise<CreatedWebhookEndpoint> {
  const url = await checkedWebhookUrl(deps, input.url);
  const outcome = await createEndpoint(deps, owner, { ...input, url });
  if ('tooMany' in outcome) throw new Conflict(WEBHOOKS_TEXTS.tooMany);
  return { ...toEndpointSummary(outcome.created), secret: outcome.created.secret };
}

export async function reenableEndpoint(deps: WebhookEndpointsDeps, orgId: string, endpointId: string): Promise<void> {
  if (!(await enableEndpoint(deps, orgId, endpointId))) throw new NotFound(WEBHOOKS_TEXTS.notFound);
}

/** Sends a delivery's event again to its endpoint, as a new delivery with its own attempts. */
export async function resendDelivery(deps: WebhookEndpointsDeps, orgId: string, deliveryId: string) {
  const delivery = await getDelivery(deps, orgId, deliveryId);
  if (!delivery) throw new NotFound(WEBHOOKS_TEXTS.deliveryNotFound);
  const endpoint = await getEndpoint(deps, orgId, delivery.endpointId);
  if (!endpoint) throw new NotFound(WEBHOOKS_TEXTS.notFound);
  const id = `whd_${(deps.newId?.() ?? randomUUID()).replace(/-/g, '')}`;
  await putDelivery(deps, {
    id,
    orgId,
    endpoint,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    rawBody: delivery.rawBody,
  });
  await queueDelivery(deps, { orgId, deliveryId: id });
  const created = await getDelivery(deps, orgId, id);
  if (!created) throw new NotFound(WEBHOOKS_TEXTS.deliveryNotFound);
  return toDeliverySummary(created);
}

/**
 * The endpoint a public API start names by its URL: it must be registered, and enabled, in the
 * caller's organization (a key holder cannot send results anywhere an owner or admin did not approve).
 */
export async function endpointForStart(deps: TableDeps, orgId: string, rawUrl: unknown): Promise<string | undefined> {
  if (rawUrl === undefined) return undefined;
  let href: string | undefined;
  try {
    href = typeof rawUrl === 'string' ? new URL(rawUrl).href : undefined;
  } catch {
    href = undefined;
  }
  const endpoint = href
    ? (await listEndpoints(deps, orgId)).find((candidate) => candidate.url === href && !candidate.disabledAt)
    : undefined;
  if (!endpoint) throw new BadRequest(WEBHOOKS_TEXTS.startWebhookNotRegistered);
  return endpoint.id;
}
