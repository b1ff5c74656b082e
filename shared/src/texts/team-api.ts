import { withFrenchTypography } from './typography';
/**
 * API answers of the team routes (issue 10: members, invitations, roles): spec 8's texts where it
 * words them (invitation and organization messages), the others worded like them. Codes in
 * api-errors.ts.
 */
export const TEAM_API_TEXTS = withFrenchTypography({
  /** Spec 8 (invitation). */
  invitationNotFound: 'Invitation introuvable.',
  /** Spec 4: anything but a pending invitation, expired ones included (code INVITATION_INACTIVE). */
  invitationInactive: "L'invitation n'est plus active.",
  tokenMissing: 'Token manquant.',
  acceptFailed: "Impossible d'accepter l'invitation.",
  /** Spec 5 (add organization user). */
  emailRequired: "L'email est requis.",
  rolesRequired: 'Choisissez un rôle : Administrateur ou Membre.',
  /** Code EMAIL_NOT_VERIFIED. */
  emailNotVerified: 'Veuillez d’abord confirmer votre adresse e-mail avec le code que nous vous avons envoyé.',
  /** Code INVITATION_EMAIL_MISMATCH. */
  invitationForAnotherEmail:
    "Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec l'adresse invitée.",
  /** Code ALREADY_IN_ORGANIZATION. */
  alreadyInAnotherOrganization:
    "Vous appartenez déjà à une autre organisation. Demandez à son propriétaire de vous retirer avant d'accepter cette invitation.",
  alreadyInThisOrganization: 'Vous faites déjà partie de cette organisation.',
  alreadyMember: 'Cette personne fait déjà partie de votre organisation.',
  /** Code RATE_LIMITED: too many invitations to one address; the wait is filled in. */
  invitationTooSoon: (waitSeconds: number) => {
    const minutes = Math.ceil(waitSeconds / 60);
    const wait = minutes > 90 ? `${Math.ceil(minutes / 60)} heures` : `${minutes} minute${minutes > 1 ? 's' : ''}`;
    return `Une invitation vient déjà d'être envoyée à cette adresse. Réessayez dans ${wait}.`;
  },
  /** Code SEAT_LIMIT_REACHED; the plan's limit and name are filled in. */
  seatLimitReached: (maxUsers: number, planName: string) =>
    `Votre offre ${planName} est limitée à ${maxUsers} utilisateurs, invitations en attente comprises. Retirez un membre ou annulez une invitation pour en ajouter un autre.`,
  /** Code TEAM_NOT_AVAILABLE: the plan has no team (Mandataire). */
  teamNotInPlan: "L'offre Mandataire est limitée à un utilisateur. Passez à l'offre Agence pour inviter votre équipe.",
  /** Code TEAM_NOT_AVAILABLE: no active subscription. */
  teamNeedsSubscription: 'Un abonnement Agence actif est nécessaire pour inviter des utilisateurs.',
  managersOnly: "Seuls le propriétaire et les administrateurs de l'organisation peuvent gérer l'équipe.",
  ownerOnlyRoles: "Seul le propriétaire de l'organisation peut modifier les rôles.",
  ownerRoleFixed: 'Le rôle du propriétaire ne peut pas être modifié.',
  ownerCannotBeRemoved: "Le propriétaire ne peut pas être retiré de l'organisation.",
  adminCannotRemoveAdmin: 'Seul le propriétaire peut retirer un administrateur.',
  memberEmailFixed: "L'adresse e-mail d'un membre ne peut pas être modifiée.",
  memberNotFound: 'Utilisateur introuvable dans cette organisation.',
  teamChangedRetry: "L'équipe vient d'être modifiée. Veuillez réessayer.",
  invitationEmailFailed: "L'e-mail d'invitation n'a pas pu être envoyé. Veuillez réessayer.",
} as const);
