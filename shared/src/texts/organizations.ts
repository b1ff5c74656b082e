import { withFrenchTypography } from './typography';
/**
 * /dashboard/organizations (spec 2.11, 6, 8): members, pending invitations, the add and edit
 * dialogs and the spec's organization messages. Role names are LABELS.role.
 */
export const ORGANIZATIONS_TEXTS = withFrenchTypography({
  title: 'Organisation',
  intro: (name: string) => `Les membres de ${name} partagent ses crédits, ses projets et ses images.`,
  seats: (used: number, max: number) => `${used} place${used > 1 ? 's' : ''} utilisée${used > 1 ? 's' : ''} sur ${max}`,
  seatsHint: 'Les invitations en attente comptent comme des places.',
  membersTitle: 'Membres',
  invitationsTitle: 'Invitations en attente',
  columns: {
    name: 'Nom',
    email: 'E-mail',
    roles: 'Rôles',
    sentAt: "Date d'envoi",
    expiresAt: 'Expire le',
    actions: 'Actions',
  },
  you: '(vous)',
  noInvitations: 'Aucune invitation en attente.',
  addUser: 'Ajouter un utilisateur',
  /** Inviting needs a confirmed address (decision 38): asked here, where it matters (issue 22). */
  verifyToInvite: 'Confirmez votre adresse e-mail pour inviter des collègues : saisissez le code reçu par e-mail.',
  edit: 'Modifier',
  editLabel: (name: string) => `Modifier ${name}`,
  remove: 'Supprimer',
  removeLabel: (name: string) => `Supprimer ${name}`,
  removeTitle: 'Supprimer cet utilisateur ?',
  removeDescription: (name: string) =>
    `${name} n'aura plus accès aux crédits, aux projets ni aux images de l'organisation. Son compte est conservé et ce qu'il a créé reste dans l'organisation.`,
  removed: (name: string) => `${name} a été retiré de l'organisation.`,
  cancel: 'Annuler',
  revoke: 'Révoquer',
  revokeLabel: (email: string) => `Révoquer l'invitation de ${email}`,
  revokeTitle: "Révoquer l'invitation ?",
  revokeDescription: (email: string) => `Le lien envoyé à ${email} ne fonctionnera plus.`,
  revoked: 'Invitation révoquée.',
  revokeFailed: "Impossible de révoquer l'invitation.",
  invitationsLoadFailed: 'Impossible de charger les invitations en attente.',
  addDialog: {
    title: 'Ajouter un utilisateur',
    description:
      "Une invitation lui est envoyée par e-mail. Il rejoint l'organisation comme Membre dès qu'il l'accepte ; le lien est valable 7 jours.",
    email: 'Adresse e-mail',
    submit: "Envoyer l'invitation",
  },
  invitationSent: (email: string) => `Invitation envoyée à ${email}.`,
  editDialog: {
    title: "Modifier l'utilisateur",
    email: 'Adresse e-mail',
    role: 'Rôle',
    submit: 'Enregistrer',
  },
  roleUpdated: 'Rôle mis à jour.',
  /** Spec 8, organizations (the missing organization text is API_TEXTS.noOrganization). */
  errors: {
    loadMembers: "Impossible de charger les utilisateurs de l'organisation.",
    remove: "Impossible de supprimer l'utilisateur.",
    add: "Erreur lors de l'ajout de l'utilisateur. Veuillez réessayer.",
    update: "Erreur lors de la mise à jour de l'utilisateur.",
  },
  /** A plan without team management (Mandataire), or no organization: the page says so. */
  unavailable: {
    title: 'Gestion d’équipe indisponible',
    noTeamPlan:
      "La gestion d'équipe est réservée à l'abonnement Agence : il permet de travailler jusqu'à 5 utilisateurs avec les mêmes crédits.",
    backHome: "Retour à l'accueil",
  },
} as const);
