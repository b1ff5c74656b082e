import { TEAM_API_TEXTS } from './team-api';
import { withFrenchTypography } from './typography';
/** /accept-invitation (spec 2.12, 4, 8): states, summary, sign-up through the invitation, success. */
export const INVITATION_TEXTS = withFrenchTypography({
  title: 'Invitation',
  /** Spec 8 and 4, word for word: the API's own answers (TEAM_API_TEXTS). */
  tokenMissing: TEAM_API_TEXTS.tokenMissing,
  notFound: TEAM_API_TEXTS.invitationNotFound,
  notActive: TEAM_API_TEXTS.invitationInactive,
  acceptFailed: TEAM_API_TEXTS.acceptFailed,
  loadFailed: "Impossible de charger l'invitation. Veuillez réessayer.",
  loading: "Chargement de l'invitation…",
  errorHeading: 'Invitation invalide',
  backHome: "Retour à l'accueil",
  heading: (organization: string) => `Rejoindre ${organization}`,
  summary: (organization: string, email: string) =>
    `Vous êtes invité à rejoindre l'organisation ${organization} sur Vitrine avec l'adresse ${email}.`,
  expires: (date: string) => `Invitation valable jusqu'au ${date}.`,
  accept: "Accepter l'invitation",
  signedInAs: (email: string) => `Vous êtes connecté avec ${email}.`,
  otherAccount: (current: string, invited: string) =>
    `Vous êtes connecté avec ${current}, mais cette invitation est adressée à ${invited}. Déconnectez-vous pour l'accepter avec le bon compte.`,
  signOut: 'Se déconnecter',
  signupIntro: "Créez votre compte pour rejoindre l'équipe. L'adresse e-mail est celle de l'invitation.",
  emailFixed: "L'adresse de l'invitation ne peut pas être modifiée.",
  signupSubmit: "Créer mon compte et rejoindre l'équipe",
  haveAccount: 'Vous avez déjà un compte avec cette adresse ?',
  loginLink: 'Se connecter',
  signInAfterSignupFailed:
    "Votre compte est créé, mais la connexion automatique a échoué. Connectez-vous pour accepter l'invitation.",
  successHeading: 'Invitation acceptée !',
  success: (organization: string) => `Bienvenue dans ${organization}. Redirection vers votre tableau de bord…`,
} as const);
