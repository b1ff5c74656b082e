import { withFrenchTypography } from './typography';
/** Dashboard: home, sidebar, mobile menu and its navigation. */
export const DASHBOARD_TEXTS = withFrenchTypography({
  title: 'Tableau de bord',
  welcome: (firstName: string) => (firstName ? `Bienvenue, ${firstName} !` : 'Bienvenue !'),
  intro: 'Transformez vos photos immobilières en quelques secondes.',
  navLabel: 'Navigation du tableau de bord',
  collapse: 'Réduire la barre latérale',
  expand: 'Déployer la barre latérale',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  credits: 'Crédits',
  notAvailable: 'N/A',
  plan: 'Abonnement',
  logout: 'Déconnexion',
  nav: {
    home: 'Accueil',
    projects: 'Mes Projets',
    upload: 'Upload',
    images: 'Transformations',
    organizations: 'Organisation',
    settings: 'Paramètres',
  },
} as const);
