/**
 * An in-memory StripeGateway for unit tests: customers, the two plans' prices, Checkout Sessions
 * (completing one creates its subscription), subscriptions with periods, and the invoices and
 * webhook events Stripe would send. Integration tests use the local Stripe stand-in instead.
 */
import type Stripe from 'stripe';
import { PLANS } from '@vitrine/shared';
import type { StripeCheckoutSession, StripeGateway, StripePrice, StripeSubscription } from '../billing/stripe-gateway';

const DAY = 24 * 3600;
const MONTH = 30 * DAY;

let idCounter = 0;

export const PRICE_IDS = { mandataire: 'price_mandataire', agence: 'price_agence' } as const;

interface Session extends StripeCheckoutSession {
  priceId: string;
}

export class FakeStripe implements StripeGateway {
  customers = new Map<string, { organizationId: string; name: string }>();
  sessions = new Map<string, Session>();
  subscriptions = new Map<string, StripeSubscription>();
  portalSessions: string[] = [];
  /** Calls per method, for assertions. */
  calls: Record<string, number> = {};
  /** Makes the next call of a method throw (a Stripe outage). */
  failNext = new Set<keyof StripeGateway>();
  private idempotent = new Map<string, unknown>();
  private clock = 1_700_000_000;

  prices: StripePrice[] = PLANS.map((plan) => ({
    id: PRICE_IDS[plan.id],
    lookupKey: plan.stripeLookupKey,
    unitAmount: plan.amount,
    currency: plan.currency,
    interval: plan.interval,
    features: [],
  }));

  private track(method: keyof StripeGateway) {
    this.calls[method] = (this.calls[method] ?? 0) + 1;
    if (this.failNext.delete(method)) {
      throw Object.assign(new Error('Stripe is unreachable'), { type: 'StripeConnectionError' });
    }
  }

  /** Unique across instances: tests share one table. */
  private nextId(prefix: string) {
    return `${prefix}_${++idCounter}`;
  }

  async listPrices(lookupKeys: readonly string[]) {
    this.track('listPrices');
    return this.prices.filter((price) => price.lookupKey && lookupKeys.includes(price.lookupKey));
  }

  async createCustomer(input: { organizationId: string; name: string }, idempotencyKey: string) {
    this.track('createCustomer');
    const known = this.idempotent.get(idempotencyKey);
    if (known) return known as string;
    const id = this.nextId('cus');
    this.customers.set(id, { organizationId: input.organizationId, name: input.name });
    this.idempotent.set(idempotencyKey, id);
    return id;
  }

  async createCheckoutSession(input: Parameters<StripeGateway['createCheckoutSession']>[0]) {
    this.track('createCheckoutSession');
    const known = this.idempotent.get(input.idempotencyKey);
    if (known) return { ...(known as Session) };
    const id = this.nextId('cs');
    const session: Session = {
      id,
      status: 'open',
      url: `https://checkout.local/${id}`,
      customerId: input.customerId,
      priceId: input.priceId,
    };
    this.sessions.set(id, session);
    this.idempotent.set(input.idempotencyKey, session);
    return { ...session };
  }

  async retrieveCheckoutSession(id: string) {
    this.track('retrieveCheckoutSession');
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No such session ${id}`);
    return { ...session };
  }

  async expireCheckoutSession(id: string) {
    this.track('expireCheckoutSession');
    const session = this.sessions.get(id);
    if (!session || session.status !== 'open') throw new Error(`Session ${id} is not open`);
    session.status = 'expired';
    session.url = null;
  }

  async createPortalSession(customerId: string, returnUrl: string) {
    this.track('createPortalSession');
    this.portalSessions.push(returnUrl);
    return `https://billing.local/portal/${customerId}`;
  }

  async listSubscriptions(customerId: string) {
    this.track('listSubscriptions');
    return [...this.subscriptions.values()].filter((s) => s.customerId === customerId).map((s) => ({ ...s }));
  }

  async retrieveSubscription(id: string) {
    this.track('retrieveSubscription');
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No such subscription ${id}`);
    return { ...subscription };
  }

  async changeSubscriptionPrice(subscription: StripeSubscription, priceId: string) {
    this.track('changeSubscriptionPrice');
    const stored = this.subscriptions.get(subscription.id)!;
    stored.priceId = priceId;
    stored.lookupKey = this.prices.find((price) => price.id === priceId)?.lookupKey ?? null;
    return { ...stored };
  }

  // ---- What Stripe does on its side, and the events it sends ----

  /** The customer pays a Checkout Session: its subscription starts (status active). */
  completeCheckout(sessionId: string): StripeSubscription {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    return this.startSubscription(session.customerId!, session.priceId);
  }

  startSubscription(customerId: string, priceId: string): StripeSubscription {
    const subscription: StripeSubscription = {
      id: this.nextId('sub'),
      customerId,
      status: 'active',
      itemId: this.nextId('si'),
      priceId,
      lookupKey: this.prices.find((price) => price.id === priceId)?.lookupKey ?? null,
      currentPeriodStart: this.clock,
      currentPeriodEnd: this.clock + MONTH,
      created: this.clock++,
    };
    this.subscriptions.set(subscription.id, subscription);
    return { ...subscription };
  }

  /** The next billing period starts (what a test clock advance does). */
  renew(subscriptionId: string): StripeSubscription {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.currentPeriodStart = subscription.currentPeriodEnd;
    subscription.currentPeriodEnd = subscription.currentPeriodStart! + MONTH;
    return { ...subscription };
  }

  setStatus(subscriptionId: string, status: string): StripeSubscription {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.status = status;
    return { ...subscription };
  }

  event(type: string, object: Record<string, unknown>): Stripe.Event {
    return {
      id: this.nextId('evt'),
      object: 'event',
      type,
      created: this.clock,
      data: { object },
      livemode: false,
      api_version: '2026-10-28.endive',
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
  }

  subscriptionEvent(type: 'created' | 'updated' | 'deleted', subscription: StripeSubscription) {
    return this.event(`customer.subscription.${type}`, {
      id: subscription.id,
      object: 'subscription',
      customer: subscription.customerId,
      status: subscription.status,
    });
  }

  checkoutCompletedEvent(sessionId: string, subscriptionId: string) {
    const session = this.sessions.get(sessionId)!;
    return this.event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      customer: session.customerId,
      subscription: subscriptionId,
      status: 'complete',
    });
  }

  /** The paid invoice of the subscription's current period, as the pinned API version lays it out. */
  paidInvoiceEvent(
    subscription: StripeSubscription,
    billingReason = 'subscription_create',
    type: 'invoice.paid' | 'invoice.payment_failed' = 'invoice.paid',
  ) {
    const invoiceId = this.nextId('in');
    return {
      invoiceId,
      event: this.event(type, {
        id: invoiceId,
        object: 'invoice',
        customer: subscription.customerId,
        status: type === 'invoice.paid' ? 'paid' : 'open',
        billing_reason: billingReason,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
        lines: {
          object: 'list',
          data: [
            {
              id: this.nextId('il'),
              period: { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd },
              pricing: { type: 'price_details', price_details: { price: subscription.priceId, product: 'prod' } },
              parent: { subscription_item_details: { proration: false } },
            },
          ],
        },
      }),
    };
  }
}
