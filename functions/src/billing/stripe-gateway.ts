/**
 * The Stripe calls billing makes, behind one narrow interface with plain shapes: the domain code
 * depends on this (tests pass an in-memory fake), and this file alone knows Stripe's objects (the
 * SDK's types; the calls go through lib/stripe.ts) and how the pinned API version lays them out (period dates on subscription items, an invoice's
 * subscription under `parent.subscription_details`, a line's price under `pricing`).
 */
import type Stripe from 'stripe';
import type { StripeRequest } from '../lib/stripe';

export interface StripePrice {
  id: string;
  lookupKey: string | null;
  unitAmount: number | null;
  currency: string;
  interval: 'month' | 'year' | null;
  /** The product's marketing features (empty when it has none). */
  features: string[];
}

/** Subscription statuses per Stripe: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
export interface StripeSubscription {
  id: string;
  customerId: string;
  status: string;
  itemId: string | null;
  priceId: string | null;
  lookupKey: string | null;
  /** Unix seconds. */
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  /**
   * Unix seconds at which a subscription set to end will be canceled (decision 095): Stripe's
   * `cancel_at`, or the period end when only `cancel_at_period_end` is set; null while it renews.
   */
  cancelAt?: number | null;
  created: number;
}

export interface StripeCheckoutSession {
  id: string;
  /** 'open', 'complete' or 'expired'. */
  status: string | null;
  url: string | null;
  customerId: string | null;
}

export interface StripeInvoice {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  status: string | null;
  billingReason: string | null;
  /** Prices and periods of the invoice's lines (unix seconds). */
  lines: { priceId: string | null; periodStart: number; periodEnd: number; proration: boolean }[];
}

export interface CheckoutSessionInput {
  customerId: string;
  priceId: string;
  organizationId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface StripeGateway {
  listPrices(lookupKeys: readonly string[]): Promise<StripePrice[]>;
  createCustomer(
    input: { organizationId: string; name: string; email?: string },
    idempotencyKey: string,
  ): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<StripeCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession>;
  expireCheckoutSession(id: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Every subscription of the customer, whatever its status. */
  listSubscriptions(customerId: string): Promise<StripeSubscription[]>;
  retrieveSubscription(id: string): Promise<StripeSubscription>;
  changeSubscriptionPrice(
    subscription: StripeSubscription,
    priceId: string,
    prorationBehavior: 'always_invoice' | 'none',
  ): Promise<StripeSubscription>;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * When a subscription set to end will end: `cancel_at` (set by the portal and by
 * `cancel_at_period_end`, or a chosen date), else the period end when `cancel_at_period_end` alone
 * is set. https://docs.stripe.com/api/subscriptions/object (cancel_at, cancel_at_period_end),
 * https://docs.stripe.com/changelog/basil/2025-07-30/cancel-at-enums.md
 */
function endsAt(subscription: Stripe.Subscription, periodEnd: number | null): number | null {
  if (subscription.status === 'canceled') return null;
  if (typeof subscription.cancel_at === 'number') return subscription.cancel_at;
  return subscription.cancel_at_period_end ? periodEnd : null;
}

export function toStripeSubscription(subscription: Stripe.Subscription): StripeSubscription {
  const item = subscription.items?.data?.[0];
  // Older API versions kept the period on the subscription itself.
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    itemId: item?.id ?? null,
    priceId: item?.price?.id ?? null,
    lookupKey: item?.price?.lookup_key ?? null,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    cancelAt: endsAt(subscription, item?.current_period_end ?? legacy.current_period_end ?? null),
    created: subscription.created,
  };
}

export function toStripeInvoice(invoice: Stripe.Invoice): StripeInvoice {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  const subscriptionId =
    idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | undefined) ??
    idOf(legacy.subscription);
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer as string | { id: string } | null),
    subscriptionId,
    status: invoice.status ?? null,
    billingReason: invoice.billing_reason ?? null,
    lines: (invoice.lines?.data ?? []).map((line) => {
      const legacyLine = line as unknown as { price?: { id: string } | null; proration?: boolean };
      const priced = line.pricing?.price_details?.price as string | { id: string } | undefined;
      return {
        priceId: idOf(priced) ?? idOf(legacyLine.price),
        periodStart: line.period.start,
        periodEnd: line.period.end,
        proration:
          legacyLine.proration ??
          Boolean(line.parent?.subscription_item_details?.proration ?? line.parent?.invoice_item_details?.proration),
      };
    }),
  };
}

function toCheckoutSession(session: Stripe.Checkout.Session): StripeCheckoutSession {
  return {
    id: session.id,
    status: session.status,
    url: session.url,
    customerId: idOf(session.customer as string | { id: string } | null),
  };
}

type List<T> = { data: T[] };

/** The gateway over Stripe's REST API (lib/stripe.ts): the calls the SDK would make, same parameters. */
export function httpStripeGateway(request: () => StripeRequest): StripeGateway {
  return {
    async listPrices(lookupKeys) {
      const prices = await request()<List<Stripe.Price>>('GET', '/v1/prices', {
        lookup_keys: [...lookupKeys],
        active: true,
        expand: ['data.product'],
        limit: 100,
      });
      return prices.data.map((price) => {
        const product = typeof price.product === 'object' && !('deleted' in price.product) ? price.product : null;
        return {
          id: price.id,
          lookupKey: price.lookup_key,
          unitAmount: price.unit_amount,
          currency: price.currency,
          interval: price.recurring?.interval === 'year' ? 'year' : price.recurring ? 'month' : null,
          features: (product?.marketing_features ?? []).map((f) => f.name ?? '').filter(Boolean),
        };
      });
    },

    async createCustomer(input, idempotencyKey) {
      const customer = await request()<Stripe.Customer>(
        'POST',
        '/v1/customers',
        { name: input.name, email: input.email || undefined, metadata: { organizationId: input.organizationId } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const session = await request()<Stripe.Checkout.Session>(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'subscription',
          customer: input.customerId,
          line_items: [{ price: input.priceId, quantity: 1 }],
          client_reference_id: input.organizationId,
          metadata: { organizationId: input.organizationId },
          subscription_data: { metadata: { organizationId: input.organizationId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: 'fr',
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toCheckoutSession(session);
    },

    async retrieveCheckoutSession(id) {
      return toCheckoutSession(
        await request()<Stripe.Checkout.Session>('GET', `/v1/checkout/sessions/${encodeURIComponent(id)}`),
      );
    },

    async expireCheckoutSession(id) {
      await request()('POST', `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`);
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await request()<Stripe.BillingPortal.Session>('POST', '/v1/billing_portal/sessions', {
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async listSubscriptions(customerId) {
      const list = await request()<List<Stripe.Subscription>>('GET', '/v1/subscriptions', {
        customer: customerId,
        status: 'all',
        limit: 100,
      });
      return list.data.map(toStripeSubscription);
    },

    async retrieveSubscription(id) {
      return toStripeSubscription(
        await request()<Stripe.Subscription>('GET', `/v1/subscriptions/${encodeURIComponent(id)}`),
      );
    },

    async changeSubscriptionPrice(subscription, priceId, prorationBehavior) {
      if (!subscription.itemId) throw new Error(`Subscription ${subscription.id} has no item`);
      // A fresh idempotency key per change (reused by its own retries): a fixed key would replay an
      // old answer when a plan is changed back and forth within Stripe's 24 h key window.
      const updated = await request()<Stripe.Subscription>(
        'POST',
        `/v1/subscriptions/${encodeURIComponent(subscription.id)}`,
        { items: [{ id: subscription.itemId, price: priceId }], proration_behavior: prorationBehavior },
      );
      return toStripeSubscription(updated);
    },
  };
}
