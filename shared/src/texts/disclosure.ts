import { withFrenchTypography } from './typography';
/**
 * Disclosure of what a transformation changed (issue 24, decision 099): the statement printed on
 * an exported altered image and shown beside each pair on a share page.
 */
export const DISCLOSURE_TEXTS = withFrenchTypography({
  statements: {
    'virtual-staging': 'Photo retouchée : ameublement virtuel',
    'sky-replacement': 'Photo retouchée : ciel remplacé',
    declutter: 'Photo retouchée : objets retirés',
    'room-refresh': 'Photo retouchée : pièce rénovée virtuellement',
    enhance: 'Retouche courante : exposition et couleurs',
  },
} as const);

/** The export mark's setting (Paramètres) and the download choice (decision 117). */
export const DISCLOSURE_MARK_TEXTS = withFrenchTypography({
  tab: 'Mention des retouches',
  title: 'Mention sur les photos retouchées',
  description:
    "Les photos modifiées (ameublement virtuel, ciel remplacé, objets retirés, pièce rénovée) doivent être présentées comme telles à l'acheteur. Vitrine peut inscrire cette mention sur les exports ; l'amélioration HDR, simple retouche courante, n'est jamais marquée.",
  enabled: 'Inscrire la mention sur les exports des photos retouchées',
  corner: 'Emplacement',
  corners: {
    'bottom-left': 'En bas à gauche',
    'bottom-right': 'En bas à droite',
    'top-left': 'En haut à gauche',
    'top-right': 'En haut à droite',
  },
  language: 'Langue de la mention',
  languages: { fr: 'Français', en: 'Anglais' },
  qrCode: "Ajouter un QR code vers la photo d'origine",
  qrCodeHint: "Le QR code ouvre l'original non retouché, sans compte, tant que la photo existe dans Vitrine.",
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  saved: 'Réglage enregistré.',
  saveFailed: "Impossible d'enregistrer le réglage. Veuillez réessayer.",
  loadFailed: 'Impossible de charger le réglage.',
  managersOnly: 'Seuls le propriétaire et les administrateurs peuvent modifier ce réglage.',
  invalidSettings: 'Réglage de la mention invalide.',
  versionLabel: 'Version',
  versions: {
    marked: 'Avec la mention',
    clean: 'Sans mention',
  },
  cleanReminder:
    "Version sans mention : si vous la diffusez, indiquez à côté de la photo qu'elle a été retouchée, comme la loi l'exige.",
  /** The second line of the mark, under the statement, beside the QR code. */
  qrCaption: 'Original non retouché : scannez le code',
  invalidVersion: 'Version demandée invalide : « marked » ou « clean ».',
  exportFailed: "Impossible de préparer l'export. Veuillez réessayer.",
} as const);
