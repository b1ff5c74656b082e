/**
 * The subscription plans: one definition used by the pricing page, the onboarding
 * and billing (Stripe price ids are resolved per stage from `stripeLookupKey`). Their French
 * names and features are PLAN_TEXTS (texts/plans.ts).
 */
import { PLAN_DEFAULT_FEATURE_TEXTS, PLAN_TEXTS } from './texts/plans';

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

/** Feature lists billing answers when the Stripe product carries none (spec 3). */
export const DEFAULT_PLAN_FEATURES: Readonly<Record<Plan['id'], readonly string[]>> = {
  mandataire: [...PLAN_DEFAULT_FEATURE_TEXTS.individual, ...PLAN_DEFAULT_FEATURE_TEXTS.common],
  agence: [...PLAN_DEFAULT_FEATURE_TEXTS.agency, ...PLAN_DEFAULT_FEATURE_TEXTS.common],
};

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
