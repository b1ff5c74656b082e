/** Settings: profile and password. */
export const SETTINGS_TEXTS = {
  profileUpdated: 'Profil mis à jour',
  updateFailedTitle: 'Échec de la mise à jour',
  updateFailed: 'Une erreur est survenue lors de la mise à jour.',
} as const;
