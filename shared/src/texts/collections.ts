import { withFrenchTypography } from './typography';
/**
 * Shared components of the signed-in lists and galleries (view toggle, paging, thumbnails). Apart
 * from COMMON_TEXTS, which the public pages load: these ship only with the dashboard's chunks.
 */
export const COLLECTION_TEXTS = withFrenchTypography({
  viewMode: 'Affichage',
  gridView: 'Grille',
  listView: 'Liste',
  loadingMore: 'Chargement de la suite…',
  loadMoreFailed: 'Impossible de charger la suite.',
  retry: 'Réessayer',
  showMore: 'Afficher plus',
  /** Spec 8: a gallery picture that does not load. */
  loadError: 'Erreur de chargement',
  noPicture: 'Aucun aperçu disponible',
} as const);
