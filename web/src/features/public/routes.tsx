import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';

/**
 * Public pages, each a lazy route module (its own chunk). A visit that starts on / renders the
 * landing page without the router (app/landing-root.tsx); the router shows the same page when
 * the visitor comes back to / from another page.
 */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/landing') },
  { path: paths.pricing.path, lazy: () => import('./routes/pricing') },
  { path: paths.legal.notice.path, lazy: () => import('./routes/legal-notice') },
  { path: paths.legal.privacy.path, lazy: () => import('./routes/privacy') },
  { path: paths.legal.terms.path, lazy: () => import('./routes/terms') },
];
