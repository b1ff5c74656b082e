import { withFrenchTypography } from './typography';
/**
 * The subscription plans' names, descriptions and features: the one list of each plan, shown the
 * same on the pricing page, in the onboarding and in the app (decision 097). Spec 2.3 decides:
 * Mandataire has no priority support and no team management, so spec 3's default list ('all
 * features', 'priority support' for every plan) is not used. plans.ts holds the rest.
 */
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
