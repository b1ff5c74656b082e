/** Stripe Checkout return page (/billing/success). MESSAGES.billing is this object. */
export const BILLING_SUCCESS_TEXTS = {
  success: 'Paiement réussi !',
  title: 'Paiement réussi | Vitrine',
  description: 'Votre abonnement Vitrine est actif.',
  body: 'Merci ! Votre abonnement est actif et vos crédits sont disponibles. Découvrez comment transformer votre première photo.',
  cta: 'Accéder au tableau de bord',
} as const;
