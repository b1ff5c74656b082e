/**
 * The public site's public surface, for the routes that compose it (app/): its pages, layout and meta,
 * and what main.tsx runs on a prerendered page before React (decision 136; the web package is free of
 * side effects, so importing these alone brings no page and no React into the entry).
 */
export { LegalPage } from './components/legal-page';
export { PageMeta } from './components/page-meta';
export { PublicLayout } from './components/public-layout';
export { LandingPage } from './pages/landing-page';
export { PricingPage } from './pages/pricing-page';
export { enhanceBeforeReact, onFirstIntent } from './lib/before-react';
