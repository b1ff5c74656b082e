/**
 * The subscription plans: one definition used by the pricing page, the onboarding
 * and billing (Stripe price ids are resolved per stage from `stripeLookupKey`). Their French
 * names and features are PLAN_TEXTS (texts/plans.ts).
 */
import { PLAN_TEXTS } from './texts/plans';

export interface Plan {
  id: 'mandataire' | 'agence';
  name: string;
  description: string;
  /** Price in cents. */
  amount: number;
  currency: 'eur';
  interval: 'month' | 'year';
  credits: number;
  maxUsers: number;
  is_organization: boolean;
  recommended: boolean;
  stripeLookupKey: string;
  features: string[];
  excludedFeatures: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'mandataire',
    name: PLAN_TEXTS.mandataire.name,
    description: PLAN_TEXTS.mandataire.description,
    amount: 2900,
    currency: 'eur',
    interval: 'month',
    credits: 30,
    maxUsers: 1,
    is_organization: false,
    recommended: false,
    stripeLookupKey: 'vitrine_mandataire_monthly',
    features: [...PLAN_TEXTS.mandataire.features],
    excludedFeatures: [...PLAN_TEXTS.mandataire.excludedFeatures],
  },
  {
    id: 'agence',
    name: PLAN_TEXTS.agence.name,
    description: PLAN_TEXTS.agence.description,
    amount: 8900,
    currency: 'eur',
    interval: 'month',
    credits: 100,
    maxUsers: 5,
    is_organization: true,
    recommended: true,
    stripeLookupKey: 'vitrine_agence_monthly',
    features: [...PLAN_TEXTS.agence.features],
    excludedFeatures: [...PLAN_TEXTS.agence.excludedFeatures],
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** Each plan's features, the ones Stripe's product carries too (price-sync): one list (decision 097). */
export const DEFAULT_PLAN_FEATURES: Readonly<Record<Plan['id'], readonly string[]>> = {
  mandataire: PLAN_TEXTS.mandataire.features,
  agence: PLAN_TEXTS.agence.features,
};

/**
 * The included and excluded features of a plan as the API or a test names it: by id, else by
 * kind (spec 3: 'Mandataire' or 'Professionnel' is the individual plan, any other organization
 * plan is Agence). Every plan card shows these, whatever screen it is on (decision 097).
 */
export function planFeatures(price: { id?: string; name: string; is_organization: boolean }): {
  features: string[];
  excludedFeatures: string[];
} {
  const individual = !price.is_organization || /^(mandataire|professionnel)$/i.test(price.name);
  const plan = (price.id ? findPlan(price.id) : undefined) ?? findPlan(individual ? 'mandataire' : 'agence')!;
  return { features: [...plan.features], excludedFeatures: [...plan.excludedFeatures] };
}

export function findPlanByLookupKey(lookupKey: string | null | undefined): Plan | undefined {
  return lookupKey ? PLANS.find((plan) => plan.stripeLookupKey === lookupKey) : undefined;
}

/**
 * Only an active subscription gives the right to transform (spec 2.6: the onboarding modal comes
 * back for any other status); canceled, unpaid or past due ones do not.
 */
export function isSubscriptionActive(subscription: { status: string } | null | undefined): boolean {
  return subscription?.status === 'active';
}
