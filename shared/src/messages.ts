/**
 * User-facing French texts, worded exactly as the product spec. One place so the
 * wording can be checked against ../shared/product-spec.md. Add to the group that fits.
 */
export const MESSAGES = {
  validation: {
    invalidEmail: 'Adresse e-mail invalide.',
    passwordRequired: 'Le mot de passe est requis.',
    passwordMin: 'Le mot de passe doit contenir au moins 8 caractères.',
    invalidPhone: 'Numéro de téléphone invalide.',
    phoneRequired: 'Le numéro de téléphone est requis.',
    nameTooLong: 'Ce champ ne doit pas dépasser 50 caractères.',
    projectNameRequired: 'Le nom du projet est requis.',
    projectNameTooLong: 'Le nom du projet ne doit pas dépasser 100 caractères.',
    projectDescriptionTooLong: 'La description ne doit pas dépasser 500 caractères.',
    projectAddressTooLong: "L'adresse ne doit pas dépasser 255 caractères.",
    projectSizePositive: 'La superficie doit être un nombre positif.',
    projectTypeInvalid: 'Type de bien invalide.',
    agencyNameRequired: "Le nom de l'agence est requis.",
    resetTokenMissing: 'Token manquant.',
    resetPasswordShort: 'Au moins 8 caractères sont requis',
    passwordsDontMatch: 'Les mots de passe ne correspondent pas',
    passwordFieldsRequired: 'Veuillez remplir tous les champs de mot de passe.',
  },
  auth: {
    loginFailed: 'Échec de la connexion. Veuillez vérifier vos identifiants.',
    invalidCredentials: 'Identifiants invalides. Veuillez réessayer.',
    registerFailed: "Échec de l'inscription. Veuillez réessayer.",
    emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
    forgotConfirmation: 'Si un compte existe avec cette adresse, un e-mail de réinitialisation a été envoyé.',
    forgotFailed: 'Une erreur est survenue. Veuillez réessayer.',
    resetFailed: 'Une erreur est survenue',
    pleaseReconnect: 'Veuillez vous reconnecter.',
  },
  api: {
    malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
    invalidRequest: 'Requête invalide.',
    unauthorized: 'Authentification requise.',
    forbidden: 'Accès refusé.',
    notFound: 'Ressource introuvable.',
    routeNotFound: 'Route inconnue.',
    payloadTooLarge: 'Le corps de la requête est trop volumineux.',
    internal: 'Une erreur interne est survenue. Veuillez réessayer.',
    userNotFound: 'Utilisateur introuvable.',
    noOrganization: 'Utilisateur non associé à une organisation...',
  },
  notFound: {
    title: 'Oops! Page not found',
    backHome: "Retour à l'accueil",
  },
  wizard: {
    noFiles: 'Veuillez ajouter des images avant de continuer.',
    formatsHint: 'Formats acceptés: JPG, PNG, WEBP (max 10MB)',
    outOfCreditsTitle: 'Crédits épuisés',
    outOfCreditsBody:
      "Vous n'avez plus de crédits pour transformer des images. Pour continuer à utiliser ce service, veuillez mettre à niveau votre abonnement.",
    later: 'Plus tard',
    seePlans: 'Voir les abonnements',
    simulated: 'Mode local : rendu IA simulé',
  },
  settings: {
    profileUpdated: 'Profil mis à jour',
    updateFailedTitle: 'Échec de la mise à jour',
    updateFailed: 'Une erreur est survenue lors de la mise à jour.',
  },
  billing: {
    success: 'Paiement réussi !',
  },
} as const;
