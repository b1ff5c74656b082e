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
  disabledMail: {
    subject: 'Vitrine : un webhook a été désactivé',
    link: 'Ouvrir Paramètres > API',
    body: (url: string) =>
      `Les envois vers le webhook ${url} échouent depuis plus de 24 heures. Nous l’avons désactivé. Corrigez le point d’accès puis réactivez-le dans Paramètres > API.`,
  },
});
