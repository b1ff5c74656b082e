/**
 * Emitting a webhook event (decision 114): one delivery per enabled endpoint subscribed to the
 * event (and the endpoint a transformation's start named), recorded, then queued. The event id is
 * derived from what happened (organization, type, subject), so an emitter that runs twice (a
 * retried workflow step) finds its deliveries already recorded and only queues them again while
 * they have not been attempted: receivers deduplicate on the event id.
 */
import { createHash } from 'node:crypto';
import { WEBHOOK_LIMITS, type WebhookEventBody, type WebhookEventType } from '@vitrine/shared';
import type { SendQueueMessage } from '../lib/aws/sqs';
import type { TransformationRecord } from '../lib/records';
import { logger } from '../lib/logger';
import { getDelivery, listEndpoints, putDelivery, type WebhookStoreDeps } from './webhook-store';

export interface WebhookEmitterDeps extends WebhookStoreDeps {
  sendToQueue: SendQueueMessage;
}

export interface WebhookEvent {
  orgId: string;
  type: WebhookEventType;
  /** What the event is about, unique for its type (a transformation id, a Stripe event id). */
  subjectId: string;
  data: Record<string, unknown>;
  /** An endpoint named for this subject (a start's webhook URL): it receives the event whatever it subscribed to. */
  endpointId?: string;
}

/** The queue message: the delivery to attempt, and not before when (retries later than SQS's 15-minute delay). */
export interface DeliveryMessage {
  orgId: string;
  deliveryId: string;
  notBeforeMs?: number;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

export const eventIdOf = (event: Pick<WebhookEvent, 'orgId' | 'type' | 'subjectId'>) =>
  `evt_${digest(`${event.orgId}\n${event.type}\n${event.subjectId}`)}`;

export const deliveryIdOf = (eventId: string, endpointId: string) => `whd_${digest(`${eventId}\n${endpointId}`)}`;

/** Records and queues the event's deliveries; resolves with how many endpoints it goes to. */
export async function emitWebhookEvent(deps: WebhookEmitterDeps, event: WebhookEvent): Promise<number> {
  const endpoints = (await listEndpoints(deps, event.orgId)).filter(
    (endpoint) => !endpoint.disabledAt && (endpoint.events.includes(event.type) || endpoint.id === event.endpointId),
  );
  if (endpoints.length === 0) return 0;
  const eventId = eventIdOf(event);
  const body: WebhookEventBody = {
    id: eventId,
    type: event.type,
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
    organizationId: event.orgId,
    data: event.data,
  };
  const rawBody = JSON.stringify(body);
  await Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveryId = deliveryIdOf(eventId, endpoint.id);
      const created = await putDelivery(deps, {
        id: deliveryId,
        orgId: event.orgId,
        endpoint,
        eventId,
        eventType: event.type,
        rawBody,
      });
      if (!created) {
        const existing = await getDelivery(deps, event.orgId, deliveryId);
        if (existing?.status !== 'pending' || existing.attempts > 0) return;
      }
      await queueDelivery(deps, { orgId: event.orgId, deliveryId });
    }),
  );
  logger.info('Webhook event emitted', { eventId, type: event.type, endpoints: endpoints.length });
  return endpoints.length;
}

export function queueDelivery(
  deps: Pick<WebhookEmitterDeps, 'sendToQueue'>,
  message: DeliveryMessage,
  delaySeconds?: number,
): Promise<string> {
  return deps.sendToQueue({ body: JSON.stringify(message), ...(delaySeconds ? { delaySeconds } : {}) });
}

/** transformation.succeeded or .failed, once the record says how it ended; the start's endpoint is told too. */
export function emitTransformationEnded(deps: WebhookEmitterDeps, record: TransformationRecord): Promise<number> {
  const succeeded = record.status === 'succeeded';
  return emitWebhookEvent(deps, {
    orgId: record.orgId,
    type: succeeded ? 'transformation.succeeded' : 'transformation.failed',
    subjectId: record.id,
    ...(record.webhookEndpointId ? { endpointId: record.webhookEndpointId } : {}),
    // Ids only: the results' signed URLs expire; GET /api/v1/transformations/{id} signs fresh ones.
    data: {
      transformationId: record.id,
      type: record.type,
      status: record.status,
      groupId: record.groupId ?? record.id,
      variant: record.variant ?? 1,
      variantCount: record.variantCount ?? 1,
      ...(succeeded ? {} : { code: record.code, message: record.message }),
    },
  });
}

/**
 * credits.low, once per billing period: when a transformation's end finds the balance below
 * WEBHOOK_LIMITS.creditsLowThreshold. The period's start is the event's subject, so the event id
 * is the same for every later end of the period and its deliveries are recorded only once.
 */
export async function emitCreditsLowIfBelow(
  deps: WebhookEmitterDeps,
  organization: { orgId: string; creditBalance: number; creditPeriodStart?: string | undefined },
): Promise<number> {
  if (organization.creditBalance >= WEBHOOK_LIMITS.creditsLowThreshold) return 0;
  return emitWebhookEvent(deps, {
    orgId: organization.orgId,
    type: 'credits.low',
    subjectId: `period:${organization.creditPeriodStart ?? 'none'}`,
    data: { creditBalance: organization.creditBalance, threshold: WEBHOOK_LIMITS.creditsLowThreshold },
  });
}
