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
  // Home (spec 2.5, 8).
  home: {
    newProject: 'Nouveau projet',
    statsLabel: 'Votre activité',
    totalTransformed: 'Images transformées',
    activeProjects: 'Projets actifs',
    creditsRemaining: 'Crédits restants',
    lastActivity: 'Dernière activité',
    noActivity: 'Aucune activité',
    recentProjects: 'Projets récents',
    recentEmpty: 'Aucun projet récent à afficher...',
    recentFailed: 'Impossible de charger les projets. Veuillez réessayer plus tard.',
    allProjects: 'Voir tous les projets',
  },
  nav: {
    home: 'Accueil',
    projects: 'Mes Projets',
    upload: 'Upload',
    images: 'Transformations',
    shares: 'Liens de partage',
    organizations: 'Organisation',
    settings: 'Paramètres',
  },
} as const);
