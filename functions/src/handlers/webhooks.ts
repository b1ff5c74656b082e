/**
 * Webhook endpoints of the caller's organization (issue 25 §2, decision 114), Paramètres > API:
 * owners and admins list them with their recent deliveries, register one (its secret is in this
 * answer only), delete or re-enable one, and resend a delivery.
 */
import { API_KEYS_TEXTS, webhookEndpointCreateSchema, WEBHOOKS_TEXTS } from '@vitrine/shared';
import { getCaller } from '../lib/auth';
import { tableDeps } from '../lib/aws/dynamodb';
import { containerWebhookQueue } from '../lib/aws/sqs';
import { Forbidden, NotFound } from '../lib/errors';
import { createHttpHandler, json, noContent, parseBody, type HttpEvent } from '../lib/http';
import { teamCaller } from '../team/team-access';
import { containerAddressPolicy } from '../webhooks/webhook-address';
import {
  registerEndpoint,
  reenableEndpoint,
  resendDelivery,
  webhooksOverview,
  type WebhookEndpointsDeps,
} from '../webhooks/webhook-endpoints';
import { deleteEndpoint } from '../webhooks/webhook-store';

const sendToQueue = containerWebhookQueue();
const deps = (): WebhookEndpointsDeps => ({ ...tableDeps(), sendToQueue, policy: containerAddressPolicy() });

/** The caller's organization, when they are its owner or an admin (as for API keys). */
async function manager(event: HttpEvent) {
  const caller = await teamCaller(tableDeps(), getCaller(event).sub);
  if (caller.role === 'member') throw new Forbidden(API_KEYS_TEXTS.managersOnly);
  return { orgId: caller.orgId, userId: caller.user.id };
}

export const handler = createHttpHandler({
  'GET /api/webhooks': async ({ event }) => json(200, await webhooksOverview(deps(), (await manager(event)).orgId)),

  'POST /api/webhooks': async ({ event, body }) => {
    const owner = await manager(event);
    return json(201, await registerEndpoint(deps(), owner, parseBody(webhookEndpointCreateSchema, body)));
  },

  'DELETE /api/webhooks/{id}': async ({ event }) => {
    const { orgId } = await manager(event);
    if (!(await deleteEndpoint(tableDeps(), orgId, event.pathParameters?.id ?? ''))) {
      throw new NotFound(WEBHOOKS_TEXTS.notFound);
    }
    return noContent();
  },

  'POST /api/webhooks/{id}/enable': async ({ event }) => {
    const { orgId } = await manager(event);
    await reenableEndpoint(deps(), orgId, event.pathParameters?.id ?? '');
    return noContent();
  },

  'POST /api/webhooks/deliveries/{id}/resend': async ({ event }) => {
    const { orgId } = await manager(event);
    return json(202, await resendDelivery(deps(), orgId, event.pathParameters?.id ?? ''));
  },
});
