/**
 * French texts of the subscription screens: onboarding, tutorial, plans and Mon Abonnement (the
 * Stripe Checkout return page is BILLING_SUCCESS_TEXTS). Spec wording (sections 2.5, 2.6, 3, 5
 * and 8) is kept exactly, including the settings billing errors the spec words in English.
 */
import { withFrenchTypography } from './typography';

export const BILLING_TEXTS = withFrenchTypography({
  /** Shared by the public pricing page and the plans inside the dashboard. */
  planCard: {
    recommended: 'Recommandé',
    current: 'Offre actuelle',
    perInterval: (interval: string) => `par ${interval}`,
    credits: (credits: number) => `${credits} crédits par mois`,
    included: 'Inclus',
    excluded: 'Non inclus',
    unavailable: 'Offre indisponible pour le moment',
  },
  onboarding: {
    title: 'Bienvenue sur Vitrine',
    stepsLabel: 'Étapes de l’inscription',
    stepLabel: (step: number, total: number) => `Étape ${step} sur ${total}`,
    welcome: (firstName: string) => (firstName ? `Bienvenue, ${firstName} !` : 'Bienvenue !'),
    welcomeBody:
      'Pour transformer vos photos, choisissez un abonnement : vos crédits sont disponibles dès la confirmation du paiement.',
    continue: 'Continuer',
    back: 'Retour',
    /** The modal cannot be dismissed; leaving the account stays possible. */
    logout: 'Se déconnecter',
    chooseTitle: 'Choisissez votre abonnement',
    choose: (name: string) => `Choisir ${name}`,
    agencyTitle: 'Le nom de votre agence',
    agencyLabel: 'Nom de l’agence',
    agencySubmit: 'Créer mon agence',
    confirmTitle: 'Confirmation et paiement',
    confirmBody: 'Vous allez être redirigé vers notre prestataire de paiement sécurisé pour régler votre abonnement.',
    plan: 'Offre',
    organization: 'Organisation',
    amount: 'Montant',
    pay: 'Procéder au paiement',
    /** Spec 4: name of the organization created automatically for an individual plan. */
    personalSpace: (firstName: string) => `${firstName}'s Space`,
    personalSpaceFallback: 'Mon Espace Personnel',
    organizationCreated: 'Organisation créée',
    /** A manager removed them from their agency: they are told, then offered the plans (issue 22). */
    removedFromOrganization: (name: string) =>
      `Vous ne faites plus partie de l’agence « ${name} » : un responsable de l’agence vous a retiré de l’équipe. Pour continuer, demandez-lui une nouvelle invitation ou choisissez votre propre abonnement.`,
    /** Back from the payment page without paying: a refused card, or the user left it (decision 096). */
    paymentFailed: {
      title: 'Le paiement n’a pas abouti',
      description:
        'Votre carte a peut-être été refusée, ou le paiement a été interrompu : aucun montant n’a été débité. Vous pouvez réessayer avec l’offre choisie, avec une autre carte.',
    },
  },
  /** Spec 8, onboarding and billing: `title: description` when shown inline. */
  errors: {
    pricesLoad: { title: 'Erreur de chargement', description: "Impossible de charger les offres d'abonnement." },
    noPrices: 'Aucune offre disponible.',
    authRequired: { title: 'Erreur', description: 'Authentification requise.' },
    organizationCreate: {
      title: "Erreur de création d'organisation",
      description: "Impossible de créer l'organisation. Veuillez réessayer.",
    },
    subscribe: {
      title: 'Erreur de souscription',
      description: 'Impossible de lancer la souscription. Veuillez réessayer.',
    },
    missingInformation: 'Informations manquantes (plan, authentification ou organisation).',
    /** Spec 5: a payment session answer without url. */
    redirect: 'Impossible de rediriger vers la page de paiement. Veuillez réessayer.',
  },
  /** Spec 8, settings: worded in English by the spec. */
  settingsErrors: {
    title: 'Billing Error',
    portal: 'Could not open the customer portal.',
    changePlan: 'Could not update your subscription.',
    prices: 'Could not load subscription plans.',
    account: 'Could not load your account information.',
  },
  subscription: {
    tab: 'Mon Abonnement',
    title: 'Mon abonnement',
    plan: 'Offre',
    amount: 'Montant',
    interval: 'Périodicité',
    status: 'Statut',
    periodEnd: 'Fin de la période en cours',
    /** A subscription set to end at period end, from the billing portal (decision 095). */
    renewal: 'Renouvellement',
    renews: 'Automatique',
    endsOn: (date: string) => `Résilié : l’abonnement prend fin le ${date} et ne sera pas renouvelé`,
    amountPerInterval: (amount: string, interval: string) => `${amount} / ${interval}`,
    none: 'Aucun abonnement actif.',
    portal: 'Gérer la facturation',
    portalHint: 'Factures, moyen de paiement et résiliation, sur la page sécurisée de notre prestataire de paiement.',
    changeTitle: 'Changer d’offre',
    changeHint: 'Le changement est immédiat et facturé au prorata de la période restante.',
    changeTo: (name: string) => `Passer à l’offre ${name}`,
    confirmTitle: (name: string) => `Passer à l’offre ${name} ?`,
    confirmBody: (amount: string) =>
      `Votre abonnement passe à ${amount} dès maintenant ; la différence sur la période en cours est calculée au prorata.`,
    confirm: 'Confirmer le changement',
    cancel: 'Annuler',
    changed: 'Abonnement mis à jour',
    changedBody: (name: string) => `Votre offre est désormais ${name}.`,
  },
  pricing: {
    title: 'Abonnements',
    lead: 'Changez d’offre à tout moment : le changement est facturé au prorata de la période restante.',
    subscribe: (name: string) => `S’abonner à l’offre ${name}`,
    ownerOnly: 'Seul le propriétaire de l’organisation peut changer d’offre.',
  },
  tutorial: {
    title: 'Bienvenue ! Voici comment ça marche',
    description: 'Transformez votre première photo en quatre étapes.',
    videoCaption: 'Vidéo sans son : home staging virtuel, remplacement du ciel, amélioration HDR puis désencombrement.',
    videoUnsupported: 'Votre navigateur ne lit pas cette vidéo.',
    steps: [
      { title: 'Déposez votre photo', body: 'Glissez-déposez une ou plusieurs photos du bien.' },
      { title: 'Choisissez la transformation', body: 'Home staging, ciel, désencombrement ou rénovation.' },
      { title: 'L’IA travaille', body: 'Votre résultat est prêt en 30 secondes environ.' },
      { title: 'Téléchargez et sauvegardez', body: 'Enregistrez le résultat dans un projet ou téléchargez-le.' },
    ],
    start: 'Commencer',
  },
  activation: {
    pending: 'Paiement reçu : activation de votre abonnement en cours…',
  },
} as const);
