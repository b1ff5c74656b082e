/**
 * API answers of billing and organizations (issue 8): spec 8's texts where it words the failure,
 * otherwise worded like them.
 */
export const BILLING_API_TEXTS = {
  missingInformation: 'Informations manquantes (plan, authentification ou organisation).',
  unknownPrice: "Cette offre n'existe pas. Veuillez choisir une offre de la liste.",
  pricesUnavailable: "Impossible de charger les offres d'abonnement.",
  subscribeFailed: 'Impossible de lancer la souscription. Veuillez réessayer.',
  portalFailed: "Impossible d'ouvrir l'espace client. Veuillez réessayer.",
  changePlanFailed: "Impossible de modifier l'abonnement. Veuillez réessayer.",
  ownerOnly: "Seul le propriétaire de l'organisation peut gérer l'abonnement.",
  alreadySubscribed: 'Votre organisation a déjà un abonnement. Changez d’offre depuis Mon Abonnement.',
  noSubscription: "Votre organisation n'a pas d'abonnement actif.",
  checkoutInProgress: 'Un paiement est déjà en cours pour votre organisation. Veuillez réessayer.',
  alreadyInOrganization: 'Vous appartenez déjà à une organisation.',
  organizationNotFound: 'Organisation introuvable.',
  /** Refused start of a transformation (code SUBSCRIPTION_REQUIRED). */
  subscriptionRequired:
    "Votre abonnement n'est pas actif. Choisissez une offre pour continuer à transformer des images.",
  invalidSignature: 'Signature Stripe invalide.',
  /** A well-signed event whose shape is not an event of ours (no `data.object`, lines without periods...). */
  unexpectedEvent: 'Événement Stripe inattendu.',
} as const;
