/** Links and anchors of the public site (not texts: those are SITE_TEXTS in @vitrine/shared). */
export const SOCIAL_LINKS = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/vitrine-immo', icon: 'linkedin' },
  { name: 'Instagram', href: 'https://www.instagram.com/vitrine.immo', icon: 'instagram' },
  { name: 'Facebook', href: 'https://www.facebook.com/vitrine.immo', icon: 'facebook' },
] as const;

/** Anchors of the landing page sections (ids in the page, targets of the header links). */
export const SECTION_IDS = {
  features: 'fonctionnalites',
  demo: 'demo',
  video: 'video',
  testimonials: 'temoignages',
  faq: 'faq',
} as const;
