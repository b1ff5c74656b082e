import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LandingPage } from './pages/landing-page';

/**
 * Public pages. The landing page is in the entry chunk so / renders without a second
 * round trip; every other page is a lazy route module (its own chunk).
 */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: paths.pricing.path, lazy: () => import('./routes/pricing') },
  { path: paths.billingSuccess.path, lazy: () => import('./routes/billing-success') },
  { path: paths.legal.notice.path, lazy: () => import('./routes/legal-notice') },
  { path: paths.legal.privacy.path, lazy: () => import('./routes/privacy') },
  { path: paths.legal.terms.path, lazy: () => import('./routes/terms') },
];
