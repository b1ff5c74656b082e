import { withFrenchTypography } from './typography';
/**
 * Settings page (spec 2.10): the page and its Profil tab, and the spec's profile messages
 * (MESSAGES.settings is this object). The profile field labels are the register form's
 * (AUTH_TEXTS); the Mon Abonnement tab's texts are BILLING_TEXTS.subscription.
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
} as const);
