import { withFrenchTypography } from './typography';
/**
 * Transformations (spec 2.7, 7 and 8): the API's answers to starting, reading and saving one, and
 * why one was refused or failed (options, image checks, engines). The one name for these texts.
 */
export const TRANSFORMATION_MESSAGES = withFrenchTypography({
  invalidStyle: 'Style de décoration invalide.',
  invalidRoomType: 'Type de pièce invalide.',
  invalidSkyType: 'Type de ciel invalide.',
  invalidChangeFloor: 'Valeur invalide pour « Changer le sol ».',
  invalidRepaintWalls: 'Valeur invalide pour « Repeindre les murs en blanc ».',
  unknownType: 'Type de transformation inconnu.',
  /**
   * Sent with the code INSUFFICIENT_CREDITS, by which clients decide. Keeps the words 'insufficient
   * credits' for clients of the original API that matched the text (spec 8).
   */
  insufficientCredits: 'Traitement interrompu : crédits insuffisants (insufficient credits).',
  uploadNotFound: 'Fichier introuvable. Veuillez le téléverser à nouveau.',
  transformationNotFound: 'Transformation introuvable.',
  transformationNotFinished:
    "La transformation n'est pas terminée : seule une image transformée peut être sauvegardée.",
  exportNotFinished: "La transformation n'est pas terminée : seule une image transformée peut être exportée.",
  startFailed: 'Impossible de lancer la transformation. Veuillez réessayer.',
  /** `variants` of POST /api/image-processing/{type} (decision 065). */
  invalidVariants: 'Le nombre de variantes doit être un nombre entier entre 1 et 4.',
  /** Both `uploadId` and `sourceTransformationId`: one photo per request. */
  twoSources: 'Indiquez soit un fichier téléversé, soit une transformation précédente, pas les deux.',
  resultExpired:
    "Ce résultat n'est plus disponible : les transformations non sauvegardées sont supprimées après 30 jours.",
  tooManyInFlight:
    'Trop de transformations sont en cours pour votre organisation. Les suivantes partiront dès que des places se libèrent : réessayez dans quelques secondes.',
  invalidIdempotencyKey:
    'En-tête Idempotency-Key invalide : 8 à 128 caractères parmi les lettres, les chiffres, « - » et « _ ».',
  idempotencyKeyReused: "Cette clé d'idempotence a déjà servi pour une autre demande de transformation.",
  idempotencyKeyInProgress:
    'Une demande identique est déjà en cours de traitement. Réessayez dans quelques secondes avec la même clé.',
  notAnImage: "Le fichier n'est pas une image JPG, PNG ou WEBP valide.",
  fileTooLarge: "L'image dépasse la taille maximale de 10 Mo.",
  tooManyPixels: "L'image est trop grande : 50 mégapixels au maximum.",
  corruptImage: "L'image est incomplète ou endommagée et ne peut pas être lue.",
  uploadMissing: 'Fichier original introuvable. Veuillez le téléverser à nouveau.',
  noSkyDetected:
    "Aucun ciel n'a été détecté sur cette photo : le remplacement du ciel nécessite une photo d'extérieur avec un ciel visible.",
  engineFailed: "La transformation de l'image a échoué. Aucun crédit n'a été débité, veuillez réessayer.",
  timedOut: "La transformation a pris trop de temps. Aucun crédit n'a été débité, veuillez réessayer.",
  /** Our side: a retired or unknown model, access denied, an invalid request (decision 63). */
  engineUnavailable: "Service momentanément indisponible. Aucun crédit n'a été débité, veuillez réessayer plus tard.",
  /** The provider kept throttling us until the retry budget ran out (decision 63). */
  engineBusy:
    "Le service de transformation est très sollicité. Aucun crédit n'a été débité, veuillez réessayer dans quelques minutes.",
  /** The provider's content filter refused the photo itself (decision 63). */
  engineInputFiltered:
    "Le service de transformation a refusé cette photo (filtre de contenu). Aucun crédit n'a été débité.",
  /** No floor, wall or object to transform was found on the photo (decision 61). */
  noEditRegion:
    "Aucune zone à transformer n'a été trouvée sur cette photo : utilisez une photo d'intérieur où le sol et les murs sont visibles. Aucun crédit n'a été débité.",
  /** Twice, the result moved the room's walls, windows or doors (decision 61). */
  structureChanged:
    "Le résultat modifiait les murs, les fenêtres ou les portes de la pièce : il n'a pas été livré. Aucun crédit n'a été débité, veuillez réessayer.",

  /** The reconciler found its execution gone (a crash, a restart of the local stack). */
  interrupted: "La transformation a été interrompue. Aucun crédit n'a été débité, veuillez réessayer.",
} as const);
