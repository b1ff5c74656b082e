import { withFrenchTypography } from './typography';
/** Projects: creation and edit dialogs, the projects list and a project's page (spec 2.8, 2.9, 5, 8). */
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
  // Edit dialog (same fields and rules as the creation).
  editTitle: 'Modifier le projet',
  save: 'Enregistrer',
  updated: 'Projet mis à jour',
  updateFailedTitle: 'Erreur lors de la mise à jour du projet',
  updateFailed: 'Échec de la mise à jour du projet. Veuillez réessayer.',
  // Projects list (/dashboard/projects).
  listTitle: 'Projets',
  newProject: 'Nouveau projet',
  search: 'Rechercher un projet',
  searchPlaceholder: 'Nom du projet',
  columns: { name: 'Nom', description: 'Description', createdAt: 'Date de création', actions: 'Actions' },
  edit: 'Editer',
  delete: 'Supprimer',
  actionLabel: (action: string, name: string) => `${action} ${name}`,
  empty: 'Aucun projet trouvé.',
  loadFailed: 'Impossible de charger les projets.',
  /** The API's answer to a search longer than a project name (GET /api/projects?search=). */
  searchTooLong: 'La recherche ne doit pas dépasser 100 caractères.',
  // Deletion: the images are kept, unclassified.
  deleteTitle: (name: string) => `Supprimer le projet « ${name} » ?`,
  deleteBody: (imageCount: number) =>
    imageCount === 0
      ? 'Ce projet ne contient aucune image. Sa suppression est définitive.'
      : imageCount === 1
        ? "Son image n'est pas supprimée : elle sera déplacée dans « Images non classées »."
        : `Ses ${imageCount} images ne sont pas supprimées : elles seront déplacées dans « Images non classées ».`,
  deleted: 'Projet supprimé',
  deletedDescription: (name: string) => `${name} a été supprimé.`,
  deleteFailedTitle: 'Erreur',
  deleteFailed: 'Impossible de supprimer le projet. Veuillez réessayer.',
  /** DELETE /api/projects/{id} ran out of time; the next attempt carries on where it stopped. */
  deletionUnfinished: "La suppression du projet n'a pas pu être terminée. Veuillez réessayer.",
  // A project's page (/dashboard/projects/{id}); also the API's 404 for a project.
  notFoundOrDenied: 'Projet introuvable ou accès refusé.',
  backToProjects: 'Retour aux projets',
  createdOn: (date: string) => `Créé le ${date}`,
  addImage: 'Ajouter une image',
  tabsLabel: 'Contenu du projet',
  imagesTab: 'Images',
  detailsTab: 'Détails',
  details: {
    name: 'Nom',
    description: 'Description',
    address: 'Adresse',
    size: 'Superficie',
    type: 'Type de bien',
    createdAt: 'Créé le',
    updatedAt: 'Dernière modification',
    id: 'Identifiant du projet',
    userId: "Identifiant de l'utilisateur",
  },
  notProvided: 'Non renseigné',
  sizeValue: (size: string) => `${size} m²`,
  /** Superficie typed as text: a French decimal comma is read, anything else is said not a number (issue 22). */
  sizeNotNumber: 'La superficie doit être un nombre, par exemple 112,5.',
} as const);
