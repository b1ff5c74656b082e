import { withFrenchTypography } from './typography';
/**
 * E-mails: those Cognito sends through the Custom message trigger (reset, e-mail verification) and
 * the invitation the team Lambda sends; functions/src/users/emails.ts lays them out. Plain text:
 * the layout escapes it, interpolated values included.
 */
export const EMAIL_TEXTS = withFrenchTypography({
  signature: 'L’équipe Vitrine',
  resetPassword: {
    subject: 'Réinitialisation de votre mot de passe Vitrine',
    title: 'Réinitialisation de votre mot de passe',
    paragraphs: [
      'Vous avez demandé la réinitialisation du mot de passe de votre compte Vitrine.',
      'Cliquez sur le lien ci-dessous pour choisir un nouveau mot de passe.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
    ],
    link: 'Réinitialiser mon mot de passe',
  },
  /** Sent by the team Lambda (SES; the local outbox on `npm start`) when an owner or admin invites someone. */
  invitation: {
    subject: (organizationName: string) => `Invitation à rejoindre ${organizationName} sur Vitrine`,
    title: 'Vous êtes invité à rejoindre Vitrine',
    intro: (inviterName: string, organizationName: string) =>
      `${inviterName} vous invite à rejoindre l’organisation ${organizationName} sur Vitrine, pour transformer vos photos immobilières en équipe.`,
    validity: (date: string) =>
      `Cette invitation est valable jusqu’au ${date}. Vous pourrez vous connecter, ou créer votre compte avec cette adresse e-mail.`,
    ignore: 'Si vous ne vous attendiez pas à cette invitation, ignorez cet e-mail.',
    link: 'Accepter l’invitation',
    /** The plain-text part's link line. */
    linkText: (url: string) => `Pour accepter l’invitation, ouvrez ce lien : ${url}`,
  },
  /** Cognito's attribute verification code (after registering, or the banner's resend button). */
  verifyEmail: {
    subject: 'Confirmez votre adresse e-mail Vitrine',
    title: 'Confirmez votre adresse e-mail',
    intro: 'Pour inviter des collègues ou rejoindre une organisation sur Vitrine, confirmez votre adresse e-mail.',
    code: 'Votre code de confirmation :',
    howTo: 'Saisissez-le dans le bandeau de confirmation de votre tableau de bord Vitrine.',
    ignore: 'Si vous n’avez pas créé de compte Vitrine, ignorez cet e-mail.',
  },
} as const);
