/**
 * Subscription state is copied from Stripe, never from an event's payload: whatever the order or
 * number of deliveries, each one reads the customer's subscriptions as they are now and writes
 * that, so the last write is the current state. Upgrades within a period add their credits here.
 */
import { findPlan, findPlanByLookupKey, type Plan } from '@vitrine/shared';
import { grantUpgradeCredits } from '../credits/credits';
import type { OrganizationRecord, SubscriptionRecord } from '../lib/records';
import type { TableDeps } from '../lib/aws/dynamodb';
import { logger } from '../lib/logger';
import { findOrganizationByCustomer, writeSubscription } from '../organizations/organization-record';
import { emitWebhookEvent } from '../webhooks/webhook-events';
import type { SendQueueMessage } from '../lib/aws/sqs';
import type { Catalog } from './catalog';
import type { StripeGateway, StripeSubscription } from './stripe-gateway';

export interface BillingDeps extends TableDeps {
  stripe: StripeGateway;
  catalog: Catalog;
  now?: () => Date;
  /** The webhook queue (decision 114): a changed subscription is told to the organization's endpoints. */
  sendToQueue?: SendQueueMessage;
}

/** A subscription in one of these still exists for Stripe: a second checkout would start a second one. */
export const LIVE_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused'];

const STATUS_RANK: Record<string, number> = {
  active: 0,
  trialing: 0,
  past_due: 1,
  unpaid: 2,
  paused: 3,
  incomplete: 3,
  canceled: 4,
  incomplete_expired: 5,
};

/**
 * The subscription that speaks for the organization: the most alive one, then the newest. A late
 * event about an old canceled subscription cannot hide the active one that replaced it.
 */
export function primarySubscription(subscriptions: readonly StripeSubscription[]): StripeSubscription | undefined {
  return [...subscriptions].sort(
    (a, b) => (STATUS_RANK[a.status] ?? 6) - (STATUS_RANK[b.status] ?? 6) || b.created - a.created,
  )[0];
}

export const isoFromUnix = (seconds: number | null | undefined): string | null =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

export async function planOfSubscription(
  catalog: Catalog,
  subscription: StripeSubscription,
): Promise<Plan | undefined> {
  return (
    findPlanByLookupKey(subscription.lookupKey) ??
    (subscription.priceId ? await catalog.planForPriceId(subscription.priceId) : undefined)
  );
}

export interface SyncResult {
  organization: OrganizationRecord;
  subscription?: StripeSubscription;
  plan?: Plan;
}

/** Reads the customer's subscriptions from Stripe and writes the primary one on its organization. */
export async function syncCustomer(deps: BillingDeps, customerId: string): Promise<SyncResult | undefined> {
  const organization = await findOrganizationByCustomer(deps, customerId);
  if (!organization) {
    // Not ours (another product on the same Stripe account): acknowledged, nothing to write.
    logger.warn('Stripe customer without organization', { customerId });
    return undefined;
  }
  // Taken before the read: a concurrent sync that read later must win.
  const syncedAt = (deps.now?.() ?? new Date()).toISOString();
  const subscription = primarySubscription(await deps.stripe.listSubscriptions(customerId));
  if (!subscription) return { organization };
  const plan = await planOfSubscription(deps.catalog, subscription);
  if (!plan) {
    logger.error('Subscription at a price that is not one of our plans', {
      subscriptionId: subscription.id,
      priceId: subscription.priceId,
    });
    return { organization, subscription };
  }
  const record: SubscriptionRecord & { syncedAt: string } = {
    id: subscription.id,
    status: subscription.status,
    planId: plan.id,
    priceId: subscription.priceId ?? undefined,
    currentPeriodStart: isoFromUnix(subscription.currentPeriodStart),
    currentPeriodEnd: isoFromUnix(subscription.currentPeriodEnd),
    cancelAt: isoFromUnix(subscription.cancelAt),
    syncedAt,
  };
  const written = await writeSubscription(deps, organization.id, record);
  const current = written ?? organization;
  if (written) await grantUpgradeIfAny(deps, written, subscription, plan);
  if (written) await tellSubscriptionChanged(deps, organization, record);
  return { organization: current, subscription, plan };
}

/**
 * subscription.changed when the status, the plan or the scheduled cancellation differ from what
 * the organization held. The new state is the event's subject: a repeated sync of the same state
 * (Stripe sends several events per change) derives the same event id and records nothing twice.
 * Best effort, as every emission: the subscription is written either way.
 */
async function tellSubscriptionChanged(
  deps: BillingDeps,
  before: OrganizationRecord,
  after: SubscriptionRecord,
): Promise<void> {
  const { sendToQueue } = deps;
  const previous = before.subscription;
  if (!sendToQueue) return;
  if (previous?.status === after.status && previous.planId === after.planId && previous.cancelAt === after.cancelAt) {
    return;
  }
  const state = { status: after.status, planId: after.planId, cancelAt: after.cancelAt ?? null };
  try {
    await emitWebhookEvent(
      { ...deps, sendToQueue },
      {
        orgId: before.id,
        type: 'subscription.changed',
        subjectId: `${after.id}:${state.status}:${state.planId}:${state.cancelAt ?? ''}`,
        data: { ...state, currentPeriodEnd: after.currentPeriodEnd ?? null },
      },
    );
  } catch (error) {
    logger.error('Webhook event not emitted', { type: 'subscription.changed', error });
  }
}

/**
 * An upgrade within the period the balance was granted for adds the difference at once; a
 * downgrade changes nothing now (the next period's invoice grants the lower plan's credits).
 */
async function grantUpgradeIfAny(
  deps: BillingDeps,
  organization: OrganizationRecord,
  subscription: StripeSubscription,
  plan: Plan,
): Promise<void> {
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return;
  const periodStart = isoFromUnix(subscription.currentPeriodStart);
  const granted = organization.creditPlanId ? findPlan(organization.creditPlanId) : undefined;
  if (!granted || !periodStart || organization.creditPeriodStart !== periodStart) return;
  if (plan.credits <= granted.credits) return;
  await grantUpgradeCredits(deps, organization.id, {
    subscriptionId: subscription.id,
    fromPlanId: granted.id,
    toPlanId: plan.id,
    difference: plan.credits - granted.credits,
    periodStart,
  });
}
