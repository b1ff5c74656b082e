/** French texts shared by every public page: navigation, footer, contact and social links. */
export const SITE = {
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
    terms: "Conditions générales d'utilisation et de vente",
    contact: 'Nous écrire',
    copyright: (year: number) => `© ${year} Vitrine. Tous droits réservés.`,
  },
  newTab: '(nouvel onglet)',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/vitrine-immo', icon: 'linkedin' },
    { name: 'Instagram', href: 'https://www.instagram.com/vitrine.immo', icon: 'instagram' },
    { name: 'Facebook', href: 'https://www.facebook.com/vitrine.immo', icon: 'facebook' },
  ],
} as const;

/** Anchors of the landing page sections (ids in the page, targets of the header links). */
export const SECTION_IDS = {
  features: 'fonctionnalites',
  demo: 'demo',
  video: 'video',
  testimonials: 'temoignages',
  faq: 'faq',
} as const;
