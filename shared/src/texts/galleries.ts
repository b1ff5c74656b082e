import { withFrenchTypography } from './typography';
/** Galleries (spec 2.8 image dialog, 2.9, 8): Mes images, a project's images, their tools and messages. */
export const GALLERIES_TEXTS = withFrenchTypography({
  title: 'Mes images',
  projectsSection: 'Projets',
  newProjectTile: 'Nouveau projet',
  unclassifiedSection: 'Images non classées',
  newTransformation: 'Nouvelle transformation',
  emptyProjects: 'Aucun projet trouvé.',
  emptyProject: 'Aucune image dans ce projet.',
  emptyUnclassified: 'Aucune image hors projet à afficher.',
  imagesLoadFailed: 'Impossible de charger les images.',
  projectImagesLoadFailed: 'Impossible de charger les images du projet.',
  projectsLoadFailed: 'Impossible de charger les projets.',
  imageCount: (count: number) => (count === 1 ? '1 image' : `${count} images`),
  open: 'Ouvrir',
  openProject: (name: string) => `Ouvrir le projet ${name}`,
  projectImagesTitle: (name: string) => `Images du projet ${name}`,
  projectDetails: 'Détails du projet',
  toolbarLabel: 'Actions sur la sélection',
  selectAll: 'Tout sélectionner',
  clearSelection: 'Effacer la sélection',
  selectedCount: (count: number) =>
    count === 0 ? 'Aucune image sélectionnée' : count === 1 ? '1 image sélectionnée' : `${count} images sélectionnées`,
  selectImage: (name: string) => `Sélectionner ${name}`,
  selectAllLabel: 'Sélectionner toutes les images affichées',
  downloadSelection: 'Télécharger la sélection',
  deleteSelection: 'Supprimer la sélection',
  columns: { name: 'Nom', transformation: 'Transformation', date: 'Date', actions: 'Actions' },
  preview: 'Aperçu',
  download: 'Télécharger',
  delete: 'Supprimer',
  actionLabel: (action: string, name: string) => `${action} ${name}`,
  openFullSize: 'Ouvrir en taille réelle',
  resultAlt: (name: string) => `Photo transformée : ${name}`,
  originalAlt: (name: string) => `Photo originale : ${name}`,
  compareLabel: (name: string) => `Comparer avant et après : ${name}`,
  savedOn: (date: string) => `Enregistrée le ${date}`,
  deleting: 'Suppression…',
  deleteTitle: (count: number) => (count === 1 ? 'Supprimer cette image ?' : `Supprimer ${count} images ?`),
  deleteBody: (count: number) =>
    count === 1
      ? "Cette suppression est définitive : l'image ne pourra pas être récupérée."
      : `Cette suppression est définitive : les ${count} images ne pourront pas être récupérées.`,
  confirmDelete: 'Supprimer',
  cancel: 'Annuler',
  deleted: 'Image supprimée avec succès.',
  deletedMany: (count: number) => `${count} images supprimées avec succès.`,
  deleteErrorTitle: 'Erreur',
  deleteFailed: "Impossible de supprimer l'image. Veuillez réessayer.",
  deleteFailedMany: (count: number) => `${count} image(s) n'ont pas pu être supprimées. Veuillez réessayer.`,
  downloadFailedTitle: 'Échec du téléchargement',
  downloadNoUrl: "L'URL de l'image n'est pas disponible.",
  downloadFetchFailed: "Impossible de récupérer l'image. Veuillez réessayer.",
  preparingArchive: (count: number) => `Préparation de l'archive de ${count} images…`,
  archiveReady: (count: number) => `Archive de ${count} images téléchargée.`,
  /** 'Non sauvegardées' (decision 090): every result of the last 30 days nobody saved. */
  unsavedSection: 'Non sauvegardées',
  imagesViews: 'Images hors projet',
  unsavedIntro: (days: number) =>
    `Les résultats des ${days} derniers jours qui n'ont pas été sauvegardés : sauvegardez-les, téléchargez-les ou supprimez-les. Après ${days} jours, ils sont effacés.`,
  emptyUnsaved: 'Aucun résultat non sauvegardé.',
  unsavedLoadFailed: 'Impossible de charger les résultats non sauvegardés.',
  unsavedArchive: 'Résultats non sauvegardés',
  saved: 'Sauvegardé dans « Images non classées ».',
  deleteUnsavedBody: (count: number) =>
    count === 1
      ? 'Ce résultat non sauvegardé sera retiré de la liste puis effacé.'
      : `Ces ${count} résultats non sauvegardés seront retirés de la liste puis effacés.`,
  createdBy: (name: string) => `par ${name}`,
  /** The listing-portals download (decision 093). */
  downloadForPortals: 'Taille portails',
  downloadForPortalsLabel: (name: string) => `Télécharger ${name} en taille portails (1920 px, 1 Mo au plus)`,
  downloadSelectionForPortals: 'Télécharger pour les portails',
  /** Base name of a file with no usable name of its own. */
  fallbackFileName: 'image',
} as const);
