import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * The route tree, loaded (router-root.tsx) for every first page except / (landing-root.tsx).
 * Only the root layout and these declarations come with it: every page, including the public
 * ones, the auth pages and the whole protected tree (Amplify, SWR, dashboard), is a lazy route
 * module, so public pages never download the dashboard. Pages are added here, ALWAYS through
 * `lazy` (a static import would land in the entry bundle). Every route module lives in app/routes/
 * (decision 077): it composes features, each through its index.ts, since a feature never imports
 * another (app/routes/dashboard-upload.tsx).
 */

/** Public pages, each its own chunk. A visit that starts on / renders the landing page without the router. */
const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/landing') },
  { path: paths.pricing.path, lazy: () => import('./routes/pricing') },
  { path: paths.billingSuccess.path, lazy: () => import('./routes/billing-success') },
  { path: paths.legal.notice.path, lazy: () => import('./routes/legal-notice') },
  { path: paths.legal.privacy.path, lazy: () => import('./routes/privacy') },
  { path: paths.legal.terms.path, lazy: () => import('./routes/terms') },
  { path: paths.share.path, lazy: () => import('./routes/public-share') },
];

/** Children of /dashboard (relative paths), rendered inside the shell once the session is ready. */
const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard-home') },
  { path: paths.dashboard.upload.relativePath, lazy: () => import('./routes/dashboard-upload') },
  { path: paths.dashboard.projects.relativePath, lazy: () => import('./routes/dashboard-projects') },
  { path: paths.dashboard.project.relativePath, lazy: () => import('./routes/dashboard-project') },
  { path: paths.dashboard.images.relativePath, lazy: () => import('./routes/dashboard-images') },
  { path: paths.dashboard.imagesProject.relativePath, lazy: () => import('./routes/dashboard-images-project') },
  { path: paths.dashboard.pricing.relativePath, lazy: () => import('./routes/dashboard-pricing') },
  { path: paths.dashboard.settings.relativePath, lazy: () => import('./routes/dashboard-settings') },
  { path: paths.dashboard.shares.relativePath, lazy: () => import('./routes/dashboard-shares') },
  { path: paths.dashboard.apiReference.relativePath, lazy: () => import('./routes/dashboard-api-reference') },
  {
    path: paths.dashboard.organizations.relativePath,
    lazy: () => import('./routes/dashboard-organizations'),
  },
  // Not built yet, or mistyped: the not-found page inside the shell, so the sidebar stays.
  { path: '*', lazy: () => import('./routes/not-found') },
];

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...publicRoutes,
      { path: paths.auth.login.path, lazy: () => import('./routes/login') },
      { path: paths.auth.register.path, lazy: () => import('./routes/register') },
      { path: paths.auth.forgotPassword.path, lazy: () => import('./routes/forgot-password') },
      { path: paths.auth.resetPassword.path, lazy: () => import('./routes/reset-password') },
      { path: paths.acceptInvitation.path, lazy: () => import('./routes/accept-invitation') },
      {
        path: paths.dashboard.root.path,
        lazy: () => import('./routes/dashboard-root'),
        children: dashboardRoutes,
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
