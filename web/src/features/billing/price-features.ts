import { planFeatures, type Price } from '@vitrine/shared';

/**
 * Spec 3: a plan the server sends without features gets its plan's list; the excluded features
 * come from the same shared list, so every card says the same as the pricing page (decision 097).
 */
export function withDefaultFeatures(price: Price): Price {
  const shared = planFeatures(price);
  return {
    ...price,
    features: price.features?.length ? price.features : shared.features,
    excludedFeatures: price.excludedFeatures ?? shared.excludedFeatures,
  };
}

/** Spec 4: a plan without a Stripe price id cannot be chosen. */
export function isSelectable(price: Price): price is Price & { stripePriceId: string } {
  return typeof price.stripePriceId === 'string' && price.stripePriceId.length > 0;
}
