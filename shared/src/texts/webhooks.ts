import { withFrenchTypography } from './typography';
/**
 * Webhooks of the public API (issue 25 §2, decision 114): the endpoints an owner or admin
 * registers, the refusals of their URL, and the e-mail sent when one is disabled.
 */
export const WEBHOOKS_TEXTS = withFrenchTypography({
  urlInvalid: 'Saisissez l’adresse complète du webhook, commençant par https://.',
  urlNotHttps: 'Le webhook doit utiliser HTTPS.',
  urlCredentials: 'L’adresse du webhook ne doit pas contenir d’identifiant ni de mot de passe.',
  urlUnresolvable: 'Le nom de domaine du webhook est introuvable.',
  urlPrivate: 'Le webhook doit pointer vers une adresse publique (pas de réseau privé, local ou de bouclage).',
  eventsRequired: 'Choisissez au moins un événement.',
  eventInvalid: 'Événement de webhook inconnu.',
  tooMany: 'Votre organisation a atteint le nombre maximal de webhooks (10). Supprimez-en un avant d’en ajouter.',
  notFound: 'Webhook introuvable.',
  deliveryNotFound: 'Envoi introuvable.',
  startWebhookNotRegistered:
    'Ce webhook n’est pas enregistré pour votre organisation, ou il est désactivé. Enregistrez-le dans Paramètres > API.',
  events: {
    'transformation.succeeded': 'Transformation réussie',
    'transformation.failed': 'Transformation échouée',
    'credits.low': 'Crédits bas',
    'subscription.changed': 'Abonnement modifié',
  },
  /** Paramètres > API, section Webhooks. */
  title: 'Webhooks',
  intro:
    'Les webhooks préviennent vos outils dès qu’une transformation se termine, que vos crédits baissent ou que votre abonnement change. Chaque envoi est signé avec le secret du webhook.',
  url: 'Adresse du webhook',
  urlPlaceholder: 'https://crm.exemple.fr/vitrine',
  eventsLabel: 'Événements',
  create: 'Ajouter le webhook',
  created: 'Webhook ajouté',
  shownOnce: 'Copiez ce secret de signature maintenant : il ne sera plus affiché.',
  copy: 'Copier',
  copied: 'Copié',
  close: 'J’ai copié le secret',
  empty: 'Aucun webhook pour le moment.',
  columns: { url: 'Adresse', events: 'Événements', state: 'État', createdAt: 'Créé le' },
  enabled: 'Actif',
  disabled: 'Désactivé',
  enable: 'Réactiver',
  enableLabel: (url: string) => `Réactiver le webhook ${url}`,
  enableDone: 'Webhook réactivé',
  remove: 'Supprimer',
  removeLabel: (url: string) => `Supprimer le webhook ${url}`,
  removeTitle: 'Supprimer ce webhook ?',
  removeConfirm: 'Vos outils ne recevront plus aucun envoi à cette adresse. Cette action est définitive.',
  removeDone: 'Webhook supprimé',
  loadFailed: 'Impossible de charger les webhooks.',
  deliveriesTitle: 'Envois récents',
  deliveriesEmpty: 'Aucun envoi pour le moment.',
  deliveryColumns: {
    event: 'Événement',
    endpoint: 'Webhook',
    status: 'Statut',
    attempts: 'Tentatives',
    lastAttemptAt: 'Dernière tentative',
  },
  statuses: { delivered: 'Remis', pending: 'En attente', failed: 'Échec' },
  notAttempted: 'Aucune',
  /** Why the last attempt of an undelivered one failed (lastStatus, or lastError's code). */
  lastHttpStatus: (status: number) => `Réponse HTTP ${status}`,
  attemptErrors: {
    timeout: 'Pas de réponse à temps',
    'connection-failed': 'Connexion impossible',
    'invalid-url': 'Adresse refusée',
    'not-https': 'Adresse refusée',
    'credentials-in-url': 'Adresse refusée',
    unresolvable: 'Nom de domaine introuvable',
    'private-address': 'Adresse refusée',
  } as Record<string, string>,
  resend: 'Renvoyer',
  resendDone: 'Envoi relancé',
  disabledMail: {
    subject: 'Vitrine : un webhook a été désactivé',
    link: 'Ouvrir Paramètres > API',
    body: (url: string) =>
      `Les envois vers le webhook ${url} échouent depuis plus de 24 heures. Nous l’avons désactivé. Corrigez le point d’accès puis réactivez-le dans Paramètres > API.`,
  },
});
