/**
 * The organization owner's billing actions: a Checkout Session for a first subscription, the
 * customer portal, and a plan change. None of them writes subscription state: Stripe's webhooks do.
 */
import type { Plan, Subscription } from '@vitrine/shared';
import { BILLING_API_TEXTS } from '@vitrine/shared';
import { Conflict } from '../lib/errors';
import type { OrganizationRecord } from '../lib/records';
import { readOrganization, storeCheckoutSession } from '../organizations/organization-record';
import { ensureStripeCustomer } from '../organizations/organization-service';
import { priceOfPlan } from './catalog';
import { logger } from '../lib/logger';
import { isoFromUnix, LIVE_STATUSES, planOfSubscription, syncCustomer, type BillingDeps } from './subscription-sync';

const m = BILLING_API_TEXTS;

export interface CheckoutInput {
  organization: OrganizationRecord;
  priceId: string;
  /** The app's origin: Stripe sends the browser back there. */
  appUrl: string;
}

/**
 * A Checkout Session for the organization's first (or next, after a cancellation) subscription.
 * While one is open for the same price it is returned again; concurrent requests keep one session
 * (a conditional write on the organization, the loser's session expired at once), and a customer
 * who already has a live subscription in Stripe is refused, so two subscriptions cannot start.
 */
export async function startCheckout(deps: BillingDeps, input: CheckoutInput): Promise<{ url: string }> {
  const { organization, priceId } = input;
  const customerId = await ensureStripeCustomer(deps, organization);
  const subscriptions = await deps.stripe.listSubscriptions(customerId);
  if (subscriptions.some((subscription) => LIVE_STATUSES.includes(subscription.status))) {
    throw new Conflict(m.alreadySubscribed);
  }

  const stored = organization.checkoutSession;
  if (stored) {
    const session = await deps.stripe.retrieveCheckoutSession(stored.id);
    if (session.status === 'open') {
      if (stored.priceId === priceId && session.url) return { url: session.url };
      // Another plan was chosen: the old page must not be payable any more.
      await expireOpenSession(deps, stored.id);
    }
  }

  const session = await deps.stripe.createCheckoutSession({
    customerId,
    priceId,
    organizationId: organization.id,
    successUrl: `${input.appUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
    // Back without paying (a refused card, or the user left): the onboarding says so and offers the
    // same plan again (decision 096).
    cancelUrl: `${input.appUrl}/dashboard?checkout=canceled&price=${encodeURIComponent(priceId)}`,
    // Concurrent or retried requests from the same state ask Stripe for the same session.
    idempotencyKey: `checkout_${organization.id}_${stored?.id ?? 'first'}_${priceId}`,
  });
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no url`);
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  if (
    await storeCheckoutSession(
      deps,
      organization.id,
      { id: session.id, priceId, url: session.url, createdAt },
      stored?.id,
    )
  ) {
    return { url: session.url };
  }

  // A concurrent request stored its session first: keep that one only.
  const winner = (await readOrganization(deps, organization.id))?.checkoutSession;
  if (winner?.id === session.id) return { url: session.url };
  await expireOpenSession(deps, session.id);
  if (winner && winner.priceId === priceId) return { url: winner.url };
  throw new Conflict(m.checkoutInProgress);
}

/** Expires a session; one paid in the meantime means the organization is subscribed now. */
async function expireOpenSession(deps: BillingDeps, sessionId: string): Promise<void> {
  try {
    await deps.stripe.expireCheckoutSession(sessionId);
  } catch (error) {
    const session = await deps.stripe.retrieveCheckoutSession(sessionId);
    if (session.status === 'complete') throw new Conflict(m.alreadySubscribed);
    if (session.status !== 'expired') throw error;
  }
}

export async function openPortal(deps: BillingDeps, organization: OrganizationRecord, appUrl: string) {
  if (!organization.stripeCustomerId) throw new Conflict(m.noSubscription);
  // The way back names the tab and says where the user comes from: the app then watches for the change (decision 095).
  const returnUrl = `${appUrl}/dashboard/settings?tab=abonnement&from=portal`;
  return { url: await deps.stripe.createPortalSession(organization.stripeCustomerId, returnUrl) };
}

/** Stripe statuses in which the plan can be changed. */
const CHANGEABLE = ['active', 'trialing', 'past_due'];

/**
 * Moves the subscription to another of our prices. An upgrade is invoiced at once with proration
 * (its credit difference is granted when Stripe reports the change); a downgrade is not prorated
 * and its lower credits start with the next period.
 */
export async function changePlan(
  deps: BillingDeps,
  organization: OrganizationRecord,
  plan: Plan,
  newPriceId: string,
): Promise<{ subscription: Subscription }> {
  const subscriptionId = organization.subscription?.id;
  if (!subscriptionId) throw new Conflict(m.noSubscription);
  const current = await deps.stripe.retrieveSubscription(subscriptionId);
  if (!CHANGEABLE.includes(current.status)) throw new Conflict(m.noSubscription);

  let result = current;
  if (current.priceId !== newPriceId) {
    const currentPlan = await planOfSubscription(deps.catalog, current);
    const upgrade = plan.credits > (currentPlan?.credits ?? 0);
    result = await deps.stripe.changeSubscriptionPrice(current, newPriceId, upgrade ? 'always_invoice' : 'none');
    // The organization follows at once (plan, upgrade credits, team menu), not when the webhook lands
    // (decision 095); the sync is the webhook's own, so whichever runs second finds nothing to change.
    if (organization.stripeCustomerId) {
      await syncCustomer(deps, organization.stripeCustomerId).catch((error: unknown) => {
        logger.warn('Sync after a plan change failed; the webhook will write it', { error });
      });
    }
  }
  return {
    subscription: {
      status: result.status,
      currentPeriodEnd: isoFromUnix(result.currentPeriodEnd),
      cancelAt: isoFromUnix(result.cancelAt),
      price: priceOfPlan(plan.id, newPriceId),
    },
  };
}
