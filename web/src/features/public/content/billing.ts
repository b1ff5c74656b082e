/** French copy of the Stripe Checkout return page (the title itself is MESSAGES.billing.success). */
export const BILLING_SUCCESS = {
  title: 'Paiement réussi | Vitrine',
  description: 'Votre abonnement Vitrine est actif.',
  body: 'Merci ! Votre abonnement est actif et vos crédits sont disponibles. Découvrez comment transformer votre première photo.',
  cta: 'Accéder au tableau de bord',
} as const;
