import { withFrenchTypography } from './typography';
/**
 * Stripe Checkout return page (/billing/success). The page never
 * claims the subscription is active: the webhook activates it, the dashboard shows when.
 */
export const BILLING_SUCCESS_TEXTS = withFrenchTypography({
  success: 'Paiement réussi !',
  title: 'Paiement réussi | Vitrine',
  description: 'Retour de la page de paiement Vitrine.',
  body: 'Merci ! Votre abonnement est en cours d’activation : vos crédits apparaissent sur votre tableau de bord dès la confirmation de notre prestataire de paiement, en quelques secondes.',
  cta: 'Accéder au tableau de bord',
  /** Without a session id: no payment is claimed. */
  unknownTitle: 'Retour du paiement',
  unknownBody:
    'Aucune session de paiement n’est indiquée : nous ne pouvons pas confirmer de paiement ici. Votre tableau de bord affiche l’état de votre abonnement.',
  unknownCta: 'Voir mon tableau de bord',
} as const);
