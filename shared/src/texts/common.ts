import { withFrenchTypography } from './typography';
/** Texts of every screen: app name, loading, error page, not-found page, shared UI components. */
export const COMMON_TEXTS = withFrenchTypography({
  loading: 'Chargement…',
  appName: 'Vitrine',
  homeLink: 'Vitrine, accueil',
  errors: {
    title: 'Une erreur est survenue',
    reload: 'Recharger la page',
  },
  notFound: {
    title: 'Oops! Page not found',
    backHome: "Retour à l'accueil",
    pageTitle: 'Page introuvable',
  },
  ui: {
    compareBeforeAfter: 'Comparer les photos avant et après',
    before: 'Avant',
    after: 'Après',
    sliderValue: (beforePercent: number) => `${beforePercent} % Avant, ${100 - beforePercent} % Après`,
    closeNotification: 'Fermer la notification',
    closeDialog: 'Fermer',
    breadcrumb: "Fil d'Ariane",
  },
} as const);
