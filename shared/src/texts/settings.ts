import { withFrenchTypography } from './typography';
/**
 * Settings page (spec 2.10): the page, its Profil and Sécurité tabs, the spec's profile and
 * password messages and the e-mail verification banner of the
 * dashboard. The profile field labels are the register form's (AUTH_TEXTS); the Mon Abonnement
 * tab's texts are BILLING_TEXTS.subscription.
 */
export const SETTINGS_TEXTS = withFrenchTypography({
  title: 'Paramètres',
  tabsLabel: 'Sections des paramètres',
  profileTab: 'Profil',
  profileTitle: 'Mes informations',
  emailReadOnly: 'L’adresse e-mail ne peut pas être modifiée.',
  save: 'Enregistrer',
  profileUpdated: 'Profil mis à jour',
  updateFailedTitle: 'Échec de la mise à jour',
  updateFailed: 'Une erreur est survenue lors de la mise à jour.',
  securityTab: 'Sécurité',
  password: {
    title: 'Changer le mot de passe',
    current: 'Mot de passe actuel',
    new: 'Nouveau mot de passe',
    confirmation: 'Confirmer le nouveau mot de passe',
    submit: 'Mettre à jour le mot de passe',
    updated: 'Mot de passe mis à jour',
    /** Spec 8: the password failure default. */
    failed: 'Une erreur est survenue lors de la mise à jour du mot de passe.',
    wrongCurrent: 'Le mot de passe actuel est incorrect.',
  },
  totp: {
    title: 'Double authentification',
    intro:
      "Protégez votre compte avec un code à usage unique généré par une application d'authentification (Google Authenticator, Microsoft Authenticator, 1Password…), demandé à chaque connexion.",
    status: 'Statut',
    on: 'Activée',
    off: 'Désactivée',
    enable: 'Activer la double authentification',
    scan: "Scannez ce QR code avec votre application d'authentification, ou saisissez la clé de configuration.",
    qrAlt: 'QR code de configuration de la double authentification',
    secret: 'Clé de configuration',
    code: 'Code à 6 chiffres',
    codeFormat: 'Saisissez les 6 chiffres affichés par votre application.',
    verify: 'Vérifier et activer',
    cancel: 'Annuler',
    enabled: 'Double authentification activée',
    disable: 'Désactiver la double authentification',
    disableTitle: 'Désactiver la double authentification ?',
    disableDescription: 'Votre compte ne sera plus protégé que par votre mot de passe.',
    disableConfirm: 'Désactiver',
    disabled: 'Double authentification désactivée',
    failed: 'Impossible de modifier la double authentification. Veuillez réessayer.',
    loadFailed: "Impossible de lire l'état de la double authentification.",
  },
  /** Banner of the dashboard while the e-mail is not verified (issue 10: inviting and accepting need it). */
  emailVerification: {
    title: 'Confirmez votre adresse e-mail',
    description: (email: string) =>
      `Saisissez le code envoyé à ${email}. Une adresse confirmée est nécessaire pour inviter des collègues ou accepter une invitation.`,
    code: 'Code de vérification',
    submit: 'Confirmer',
    resend: 'Renvoyer le code',
    resent: (email: string) => `Un nouveau code a été envoyé à ${email}.`,
    confirmed: 'Adresse e-mail confirmée',
    codeRequired: 'Saisissez le code reçu par e-mail.',
    invalidCode: 'Code invalide ou expiré. Demandez un nouveau code.',
    failed: 'Une erreur est survenue. Veuillez réessayer.',
    /** The dashboard's small reminder: only inviting needs it, so it can be put away (issue 22). */
    banner: 'Votre adresse e-mail n’est pas encore confirmée : c’est nécessaire pour inviter des collègues.',
    bannerLabel: 'Confirmation de l’adresse e-mail',
    bannerAction: 'Confirmer mon adresse',
    dismiss: 'Masquer ce rappel',
  },
} as const);
