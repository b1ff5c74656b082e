import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { dashboardRoutes } from '../features/dashboard/routes';
import { publicRoutes } from '../features/public/routes';
import { paths } from './paths';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/**
 * The route tree, loaded (router-root.tsx) for every first page except / (landing-root.tsx).
 * Only the root layout and these declarations come with it: every page, including the public
 * ones, the auth pages and the whole protected tree (Amplify, SWR, dashboard), is a lazy route
 * module, so public pages never download the dashboard.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      ...publicRoutes,
      { path: paths.billingSuccess.path, lazy: () => import('./routes/billing-success') },
      { path: paths.auth.login.path, lazy: () => import('../features/auth/routes/login') },
      { path: paths.auth.register.path, lazy: () => import('../features/auth/routes/register') },
      { path: paths.auth.forgotPassword.path, lazy: () => import('../features/auth/routes/forgot-password') },
      { path: paths.auth.resetPassword.path, lazy: () => import('../features/auth/routes/reset-password') },
      {
        path: paths.dashboard.root.path,
        lazy: () => import('./routes/dashboard-root'),
        children: dashboardRoutes,
      },
      { path: '*', lazy: () => import('../features/not-found/routes/not-found') },
    ],
  },
];
