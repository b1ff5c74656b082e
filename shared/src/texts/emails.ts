import { withFrenchTypography } from './typography';
/**
 * E-mails sent by Cognito through the Custom message trigger (functions/src/users/emails.ts lays
 * them out). Plain text: the layout escapes it.
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
  invitation: {
    subject: 'Invitation à rejoindre Vitrine',
    title: 'Vous êtes invité à rejoindre Vitrine',
    intro: 'Vous avez été invité à rejoindre une organisation sur Vitrine.',
    username: 'Identifiant :',
    temporaryPassword: 'Mot de passe temporaire :',
    link: 'Accepter l’invitation',
  },
} as const);
