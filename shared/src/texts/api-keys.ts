import { withFrenchTypography } from './typography';
/**
 * The public API (issue 25): the Paramètres tab 'API' where owners and admins manage API keys, and
 * the API's answers to a key it refuses. Codes in api-errors.ts.
 */
export const API_KEYS_TEXTS = withFrenchTypography({
  tab: 'API',
  title: 'Clés d’API',
  intro:
    'Les clés d’API permettent à vos outils (CRM, site, logiciel de transaction) d’envoyer des photos et de récupérer les résultats sans passer par l’application. Chaque transformation consomme un crédit, comme dans l’application.',
  reference: 'Référence de l’API',
  referenceIntro:
    'Toutes les routes de l’API publique, générées depuis son document OpenAPI 3.1. Authentifiez chaque requête avec l’en-tête Authorization : Bearer suivi de votre clé.',
  referenceDocument: 'Document OpenAPI (JSON)',
  referenceLoadFailed: 'Impossible de charger la référence de l’API.',
  referenceBody: 'Corps de la requête',
  referenceAnswer: 'Réponse',
  referenceParameters: 'Paramètres',
  referenceScope: { read: 'Clé de lecture suffisante', transform: 'Clé de lecture et transformation requise' },
  managersOnly: 'Seuls le propriétaire et les administrateurs de l’organisation gèrent les clés d’API.',
  name: 'Nom de la clé',
  namePlaceholder: 'Ex. : CRM de l’agence',
  nameRequired: 'Donnez un nom à la clé.',
  nameTooLong: 'Le nom de la clé ne doit pas dépasser 60 caractères.',
  scope: 'Droits',
  scopeInvalid: 'Choisissez les droits de la clé : lecture, ou lecture et transformation.',
  scopes: { read: 'Lecture', transform: 'Lecture et transformation' },
  create: 'Créer une clé',
  created: 'Clé créée',
  shownOnce: 'Copiez cette clé maintenant : elle ne sera plus affichée.',
  copy: 'Copier',
  copied: 'Copiée',
  close: 'J’ai copié la clé',
  empty: 'Aucune clé d’API pour le moment.',
  columns: { name: 'Nom', key: 'Clé', scope: 'Droits', createdAt: 'Créée le', lastUsedAt: 'Dernière utilisation' },
  neverUsed: 'Jamais utilisée',
  cancel: 'Annuler',
  revoke: 'Révoquer',
  revokeLabel: (name: string) => `Révoquer la clé ${name}`,
  revoked: 'Révoquée',
  revokeTitle: 'Révoquer cette clé ?',
  revokeConfirm: 'Les outils qui l’utilisent seront refusés immédiatement. Cette action est définitive.',
  revokeDone: 'Clé révoquée',
  loadFailed: 'Impossible de charger les clés d’API.',
  actionFailed: 'L’opération a échoué. Veuillez réessayer.',
  /** API answers to a request with a key. */
  keyNotFound: 'Clé d’API introuvable.',
  invalidKey: 'Clé d’API invalide ou révoquée.',
  readOnlyKey: 'Cette clé d’API ne permet que la lecture.',
  tooManyKeys: 'Votre organisation a atteint le nombre maximal de clés d’API actives. Révoquez-en une d’abord.',
  rateLimited: (retryAfterSeconds: number) =>
    `Trop de requêtes avec cette clé d’API. Réessayez dans ${retryAfterSeconds} seconde${retryAfterSeconds > 1 ? 's' : ''}.`,
  idempotencyKeyRequired: 'L’en-tête Idempotency-Key est requis pour cette requête.',
} as const);
