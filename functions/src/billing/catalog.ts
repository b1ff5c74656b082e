/**
 * The plans on sale: the shared PLANS, each with its Stripe price resolved by lookup key (so one
 * code base serves every Stripe account, test or live). Cached per container for a few minutes:
 * prices change only when ops run `npm run stripe:sync`.
 */
import { findPlan, findPlanByLookupKey, PLANS, type Plan, type Price } from '@vitrine/shared';
import type { StripeGateway, StripePrice } from './stripe-gateway';

const CACHE_MS = 5 * 60 * 1000;
const FORCED_RELOAD_MIN_MS = 10 * 1000;

export interface Catalog {
  /** Every plan, with `stripePriceId` null when the Stripe account has no price for it. */
  prices(): Promise<Price[]>;
  /** The plan sold at this Stripe price id; undefined for a price that is not ours. */
  planForPriceId(priceId: string): Promise<Plan | undefined>;
}

export function toPrice(plan: Plan, stripePrice?: StripePrice): Price {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    amount: stripePrice?.unitAmount ?? plan.amount,
    currency: stripePrice?.currency ?? plan.currency,
    interval: stripePrice?.interval ?? plan.interval,
    stripePriceId: stripePrice?.id ?? null,
    // The shared list, not the Stripe product's copy of it (price-sync writes the same): a feature
    // edited in the Stripe dashboard must not make the app contradict the pricing page (decision 097).
    features: [...plan.features],
    excludedFeatures: [...plan.excludedFeatures],
    credits: plan.credits,
    is_organization: plan.is_organization,
  };
}

/** The API's Price of a plan id and Stripe price id (profile, change-plan answers). */
export function priceOfPlan(planId: string, stripePriceId: string | null | undefined): Price | null {
  const plan = findPlan(planId);
  if (!plan) return null;
  return { ...toPrice(plan), stripePriceId: stripePriceId ?? null };
}

export function createCatalog(gateway: StripeGateway, now: () => number = Date.now): Catalog {
  let cached: { at: number; prices: Promise<StripePrice[]> } | undefined;

  const load = (force: boolean) => {
    const age = cached ? now() - cached.at : Infinity;
    // A forced reload still waits a few seconds: unknown ids sent in a loop do not each reach Stripe.
    if (age > CACHE_MS || (force && age > FORCED_RELOAD_MIN_MS)) {
      const prices = gateway.listPrices(PLANS.map((plan) => plan.stripeLookupKey));
      cached = { at: now(), prices };
      // A failed load is not cached: the next request asks Stripe again.
      prices.catch(() => {
        if (cached?.prices === prices) cached = undefined;
      });
    }
    return cached!.prices;
  };

  const planOf = (prices: StripePrice[], priceId: string) =>
    findPlanByLookupKey(prices.find((price) => price.id === priceId)?.lookupKey);

  return {
    async prices() {
      const stripePrices = await load(false);
      return PLANS.map((plan) =>
        toPrice(
          plan,
          stripePrices.find((price) => price.lookupKey === plan.stripeLookupKey),
        ),
      );
    },

    async planForPriceId(priceId) {
      // A miss may be a price ops just replaced: ask Stripe once more before refusing.
      return planOf(await load(false), priceId) ?? planOf(await load(true), priceId);
    },
  };
}
