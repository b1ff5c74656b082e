import { BILLING_TEXTS, type Price } from '@vitrine/shared';

/** Spec 3: plans the server sends without features get the default list of their kind. */
export function defaultFeatures(price: Pick<Price, 'id' | 'name' | 'is_organization'>): string[] {
  const d = BILLING_TEXTS.defaultFeatures;
  // 'Professionnel' is the spec's other name of the individual plan.
  const individual = !price.is_organization || /^(mandataire|professionnel)$/i.test(price.name);
  return [...(individual ? d.individual : d.agency), ...d.common];
}

export function withDefaultFeatures(price: Price): Price {
  return price.features?.length ? price : { ...price, features: defaultFeatures(price) };
}

/** Spec 4: a plan without a Stripe price id cannot be chosen. */
export function isSelectable(price: Price): price is Price & { stripePriceId: string } {
  return typeof price.stripePriceId === 'string' && price.stripePriceId.length > 0;
}
