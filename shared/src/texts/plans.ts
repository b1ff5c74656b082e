import { withFrenchTypography } from './typography';
/** The subscription plans' names, descriptions and features (spec 2.3); plans.ts holds the rest. */
export const PLAN_TEXTS = withFrenchTypography({
  mandataire: {
    name: 'Mandataire',
    description: 'Pour les agents indépendants',
    features: [
      '1 utilisateur',
      '30 photos par mois',
      'Images haute résolution',
      'Utilisation commerciale',
      'Dernier modèle d’IA',
    ],
    excludedFeatures: ['Gestion d’équipe', 'API dédiée', 'Support prioritaire'],
  },
  agence: {
    name: 'Agence',
    description: 'Pour les agences et leurs équipes',
    features: [
      'Jusqu’à 5 utilisateurs',
      '100 photos par mois',
      // Spec 3: every plan has these; listing them on Mandataire only read as if Agence lacked them.
      'Images haute résolution',
      'Utilisation commerciale',
      'Dernier modèle d’IA',
      'Gestion d’équipe',
      'Tableau de bord avancé',
      'Formation personnalisée',
      'Support prioritaire',
    ],
    excludedFeatures: ['API dédiée'],
  },
} as const);

/**
 * Spec 3's default feature lists, filled in when Stripe gives none: Mandataire (individual) 1 user
 * and 30 photos a month, Agence up to 5 users and 100 photos, plus what every plan includes.
 * Billing's API (DEFAULT_PLAN_FEATURES) and the web's plan cards (BILLING_TEXTS.defaultFeatures) read it.
 */
export const PLAN_DEFAULT_FEATURE_TEXTS = withFrenchTypography({
  individual: ['1 utilisateur', '30 photos par mois'],
  agency: ['Jusqu’à 5 utilisateurs', '100 photos par mois'],
  common: [
    'Toutes les fonctionnalités',
    'Images haute résolution',
    'Utilisation commerciale',
    'Dernier modèle d’IA',
    'Support prioritaire',
  ],
} as const);
