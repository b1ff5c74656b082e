/**
 * French texts of the settings page (spec 2.10). The spec's messages stay in MESSAGES.settings;
 * the field labels are the register form's (TEXTS.auth in the web app).
 */
export const SETTINGS_TEXTS = {
  title: 'Paramètres',
  tabsLabel: 'Sections des paramètres',
  profileTab: 'Profil',
  profileTitle: 'Mes informations',
  emailReadOnly: 'L’adresse e-mail ne peut pas être modifiée.',
  save: 'Enregistrer',
} as const;
