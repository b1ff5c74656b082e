import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';

/**
 * Child routes of /dashboard, rendered inside the shell once the session is ready.
 * Features add their page here with a relative path from `paths.dashboard.*.relativePath`
 * and ALWAYS through `lazy` (never a static import): this array is part of the entry bundle.
 * Paths not declared here fall to the not-found page.
 */
export const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard-home') },
  { path: paths.dashboard.upload.relativePath, lazy: () => import('../upload/routes/upload') },
  { path: paths.dashboard.pricing.relativePath, lazy: () => import('../billing/routes/pricing') },
  { path: paths.dashboard.settings.relativePath, lazy: () => import('../settings/routes/settings') },
  // Not built yet, or mistyped: the not-found page inside the shell, so the sidebar stays.
  { path: '*', lazy: () => import('../not-found/routes/not-found') },
];
