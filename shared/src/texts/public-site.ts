import { withFrenchTypography } from './typography';
/** Public site (spec 2.2): texts shared by every public page, i.e. header, navigation, footer, contact. */
export const SITE_TEXTS = withFrenchTypography({
  name: 'Vitrine',
  tagline: 'Photos immobilières transformées par IA',
  contactEmail: 'contact@vitrine-immo.fr',
  demoRequestSubject: 'Demande de démonstration Vitrine',
  skipLink: 'Aller au contenu principal',
  homeLink: 'Vitrine, accueil',
  mainNavLabel: 'Navigation principale',
  menuOpen: 'Ouvrir le menu',
  menuClose: 'Fermer le menu',
  nav: {
    features: 'Fonctionnalités',
    demo: 'Démo',
    testimonials: 'Témoignages',
    faq: 'FAQ',
    pricing: 'Tarifs',
    login: 'Connexion',
    register: 'Inscription',
  },
  footer: {
    description:
      'Home staging virtuel, remplacement du ciel, désencombrement et retouche de photos immobilières par IA, pour les agents et les agences.',
    productTitle: 'Produit',
    legalTitle: 'Informations légales',
    contactTitle: 'Contact',
    socialLabel: 'Réseaux sociaux',
    legalNotice: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    terms: 'Conditions générales d’utilisation et de vente',
    contact: 'Nous écrire',
    copyright: (year: number) => `© ${year} Vitrine. Tous droits réservés.`,
  },
  newTab: '(nouvel onglet)',
} as const);
