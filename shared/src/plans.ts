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
