import { withFrenchTypography } from './typography';
/** Answers of the API to a request it refuses or cannot serve (spec 8); codes in api-errors.ts. */
export const API_TEXTS = withFrenchTypography({
  malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
  invalidRequest: 'Requête invalide.',
  unauthorized: 'Authentification requise.',
  /** A session Cognito no longer accepts (deleted account, signed out everywhere: decision 079). */
  pleaseReconnect: 'Veuillez vous reconnecter.',
  forbidden: 'Accès refusé.',
  /** A plain member acting on a colleague's project or image (decision 081). */
  notYourWork: 'Seuls son auteur, le propriétaire et les administrateurs peuvent modifier ou supprimer cet élément.',
  notFound: 'Ressource introuvable.',
  routeNotFound: 'Route inconnue.',
  payloadTooLarge: 'Le corps de la requête est trop volumineux.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer.',
  serviceUnavailable: 'Service momentanément indisponible. Veuillez réessayer.',
  /** The WAF's answer to a client over its per-IP rate (infra/lib/edge-stack.ts). */
  tooManyRequests: 'Trop de requêtes depuis votre connexion. Veuillez patienter quelques minutes avant de réessayer.',
  userNotFound: 'Utilisateur introuvable.',
  imageNotFound: 'Image introuvable.',
  /** Paged lists (GET /api/projects, /api/images/...): a `cursor` this list did not give, a bad `limit`. */
  invalidCursor: 'Curseur de pagination invalide : rechargez la liste.',
  invalidLimit: 'Le paramètre « limit » doit être un nombre entier entre 1 et 100.',
  invalidHistoryView: 'Le paramètre « view » doit valoir « all » ou « unsaved ».',
  noOrganization: 'Utilisateur non associé à une organisation...',
} as const);
