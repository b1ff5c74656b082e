/**
 * The subscription plans: one definition used by the pricing page, the onboarding
 * and billing (Stripe price ids are resolved per stage from `stripeLookupKey`).
 */
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
    name: 'Mandataire',
    description: 'Pour les agents indépendants',
    amount: 2900,
    currency: 'eur',
    interval: 'month',
    credits: 30,
    maxUsers: 1,
    is_organization: false,
    recommended: false,
    stripeLookupKey: 'vitrine_mandataire_monthly',
    features: [
      '1 utilisateur',
      '30 photos par mois',
      'Images haute résolution',
      'Utilisation commerciale',
      'Dernier modèle d’IA',
    ],
    excludedFeatures: ['Gestion d’équipe', 'API dédiée', 'Support prioritaire'],
  },
  {
    id: 'agence',
    name: 'Agence',
    description: 'Pour les agences et leurs équipes',
    amount: 8900,
    currency: 'eur',
    interval: 'month',
    credits: 100,
    maxUsers: 5,
    is_organization: true,
    recommended: true,
    stripeLookupKey: 'vitrine_agence_monthly',
    features: [
      'Jusqu’à 5 utilisateurs',
      '100 photos par mois',
      'Gestion d’équipe',
      'Tableau de bord avancé',
      'Formation personnalisée',
      'Support prioritaire',
    ],
    excludedFeatures: ['API dédiée'],
  },
];

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** What every plan includes (spec 3's default feature lists). */
const ALL_PLANS_FEATURES = [
  'Toutes les fonctionnalités',
  'Images haute résolution',
  'Utilisation commerciale',
  'Dernier modèle d’IA',
  'Support prioritaire',
];

/**
 * Feature lists billing answers when the Stripe product carries none (spec 3): Mandataire 1 user
 * and 30 photos a month, Agence up to 5 users and 100 photos, plus what every plan includes.
 */
export const DEFAULT_PLAN_FEATURES: Readonly<Record<Plan['id'], readonly string[]>> = {
  mandataire: ['1 utilisateur', '30 photos par mois', ...ALL_PLANS_FEATURES],
  agence: ['Jusqu’à 5 utilisateurs', '100 photos par mois', ...ALL_PLANS_FEATURES],
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
