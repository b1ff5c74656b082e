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
