/** The public site's public surface, for the routes that compose it (app/): its pages, layout and meta. */
export { LegalPage } from './components/legal-page';
export { PageMeta } from './components/page-meta';
export { PublicLayout } from './components/public-layout';
export { LandingPage } from './pages/landing-page';
export { PricingPage } from './pages/pricing-page';
