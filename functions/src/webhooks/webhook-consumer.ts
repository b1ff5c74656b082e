/**
 * The webhook queue's consumer (decision 114): one message is one attempt of one delivery. It sends
 * the delivery's stored body to its endpoint's current URL (checked again, webhook-delivery.ts),
 * records the attempt, and on failure queues the next attempt after the backoff (webhook-retry.ts).
 * SQS delays a message by 15 minutes at most, so a later attempt carries `notBeforeMs` and is
 * re-queued until it is due. The endpoint's health is updated on every attempt; the attempt that
 * disables it e-mails the organization's owner, once.
 *
 * A message whose processing throws (the table unreachable) is received again by SQS, then lands in
 * the dead-letter queue, which has an alarm; a delivery attempt that fails is not an exception.
 */
import type { WebhookDeliveryRecord } from '../lib/records';
import type { SendMail } from '../lib/aws/ses';
import { SQS_MAX_DELAY_SECONDS } from '../lib/aws/sqs';
import { logger } from '../lib/logger';
import { ownerEmail } from '../team/organization-owner';
import { webhookDisabledEmail } from '../users/emails';
import type { AddressPolicy, Resolve } from './webhook-address';
import { deliverWebhook, type DeliveryOutcome } from './webhook-delivery';
import { type DeliveryMessage, queueDelivery, type WebhookEmitterDeps } from './webhook-events';
import { healthAfterAttempt, nextAttemptAt } from './webhook-retry';
import { getDelivery, getEndpoint, healthOf, recordAttempt, saveEndpointHealth } from './webhook-store';

export interface WebhookConsumerDeps extends WebhookEmitterDeps {
  policy: AddressPolicy;
  sendMail: SendMail;
  appUrl: () => string;
  resolve?: Resolve;
  random?: () => number;
  /** Attempt timeout (ms), shorter in tests. */
  timeoutMs?: number;
}

export function parseDeliveryMessage(body: string): DeliveryMessage | undefined {
  try {
    const value = JSON.parse(body) as Partial<DeliveryMessage>;
    if (typeof value.orgId !== 'string' || typeof value.deliveryId !== 'string') return undefined;
    return {
      orgId: value.orgId,
      deliveryId: value.deliveryId,
      ...(typeof value.notBeforeMs === 'number' ? { notBeforeMs: value.notBeforeMs } : {}),
    };
  } catch {
    return undefined;
  }
}

const nowMsOf = (deps: WebhookConsumerDeps) => (deps.now?.() ?? new Date()).getTime();

/** One queue message: what happened to the delivery (for logs and tests). */
export async function processDeliveryMessage(
  deps: WebhookConsumerDeps,
  message: DeliveryMessage,
): Promise<'requeued' | 'skipped' | 'delivered' | 'retry-queued' | 'failed'> {
  const nowMs = nowMsOf(deps);
  if (message.notBeforeMs !== undefined && message.notBeforeMs > nowMs) {
    await queueDelivery(deps, message, Math.min(SQS_MAX_DELAY_SECONDS, (message.notBeforeMs - nowMs) / 1000));
    return 'requeued';
  }
  const delivery = await getDelivery(deps, message.orgId, message.deliveryId);
  // Delivered, given up, or resent as another delivery: nothing to do.
  if (delivery?.status !== 'pending') return 'skipped';
  const endpoint = await getEndpoint(deps, message.orgId, delivery.endpointId);
  const attempt = delivery.attempts + 1;
  if (!endpoint || endpoint.disabledAt) {
    await recordAttempt(deps, delivery, {
      attempt,
      atMs: nowMs,
      status: 'failed',
      lastError: endpoint ? 'endpoint-disabled' : 'endpoint-deleted',
    });
    return 'failed';
  }
  const outcome = await deliverWebhook({
    url: endpoint.url,
    secret: endpoint.secret,
    eventId: delivery.eventId,
    rawBody: delivery.rawBody,
    policy: deps.policy,
    nowSeconds: Math.floor(nowMs / 1000),
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  const doneMs = nowMsOf(deps);
  const next = outcome.delivered
    ? undefined
    : nextAttemptAt({ firstAttemptAtMs: delivery.firstAttemptAtMs ?? nowMs, attempt }, doneMs, deps.random);
  const status: WebhookDeliveryRecord['status'] = outcome.delivered ? 'delivered' : next ? 'pending' : 'failed';
  const recorded = await recordAttempt(deps, delivery, {
    attempt,
    atMs: nowMs,
    status,
    ...(outcome.status ? { lastStatus: outcome.status } : {}),
    ...(outcome.delivered ? {} : { lastError: outcome.error }),
  });
  // Another consumer recorded this attempt first (a message received twice): it carries on.
  if (!recorded) return 'skipped';
  logger.info('Webhook attempt', {
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    attempt,
    delivered: outcome.delivered,
    ...errorFields(outcome),
  });
  await updateHealth(deps, endpoint, outcome.delivered, doneMs);
  if (next === undefined) return outcome.delivered ? 'delivered' : 'failed';
  await queueDelivery(
    deps,
    { orgId: message.orgId, deliveryId: delivery.id, notBeforeMs: next },
    Math.min(SQS_MAX_DELAY_SECONDS, (next - doneMs) / 1000),
  );
  return 'retry-queued';
}

const errorFields = (outcome: DeliveryOutcome) =>
  outcome.delivered ? { status: outcome.status } : { status: outcome.status, error: outcome.error };

async function updateHealth(
  deps: WebhookConsumerDeps,
  endpoint: NonNullable<Awaited<ReturnType<typeof getEndpoint>>>,
  delivered: boolean,
  nowMs: number,
): Promise<void> {
  const { health, disabledNow } = healthAfterAttempt(healthOf(endpoint), delivered, nowMs);
  const disabled = await saveEndpointHealth(deps, endpoint, health, disabledNow);
  if (!disabled) return;
  logger.warn('Webhook endpoint disabled after failing for a day', { endpointId: endpoint.id });
  const to = await ownerEmail(deps, endpoint.organizationId);
  if (to) await deps.sendMail({ to, ...webhookDisabledEmail(endpoint.url, deps.appUrl()) });
}
