import { withFrenchTypography } from './typography';
/** API answers of the share routes (issue 24). Codes in api-errors.ts. */
export const SHARES_API_TEXTS = withFrenchTypography({
  imagesRequired: 'Choisissez au moins une image ou un projet à partager.',
  tooManyImages: 'Un lien peut contenir au plus 100 images.',
  invalidDays: 'La durée de validité doit être comprise entre 1 et 365 jours.',
  nothingToShare: 'Aucune image à partager.',
  notFound: 'Lien de partage introuvable.',
  /** The one answer of the public page for an unknown, expired or revoked link. */
  gone: 'Ce lien a expiré ou a été retiré.',
} as const);
