import { withFrenchTypography } from './typography';
/** Projects: creation dialog and project pages. */
export const PROJECTS_TEXTS = withFrenchTypography({
  created: 'Projet Créé',
  createFailedTitle: 'Erreur lors de la Création du Projet',
  createFailed: 'Échec de la création du projet. Veuillez réessayer.',
  notFound: 'Projet introuvable',
  createTitle: 'Nouveau projet',
  name: 'Nom du projet',
  description: 'Description',
  address: 'Adresse',
  size: 'Superficie (m²)',
  type: 'Type de bien',
  typeUnset: 'Non précisé',
  create: 'Créer le projet',
  cancel: 'Annuler',
} as const);
