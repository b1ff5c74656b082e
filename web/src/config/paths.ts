/**
 * Every route path of the app, defined once (spec 2.1). `path` is the router pattern,
 * `getHref` builds a link. Child dashboard routes are matched under `dashboard.root`,
 * so app/routes.tsx declares them in `dashboardRoutes` with `relativePath`.
 */
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** Ids of the settings tabs, also accepted as `?tab=` on /dashboard/settings. */
export const SETTINGS_TABS = {
  profile: 'profil',
  subscription: 'abonnement',
  api: 'api',
  disclosure: 'mention',
  security: 'securite',
} as const;
export type SettingsTab = (typeof SETTINGS_TABS)[keyof typeof SETTINGS_TABS];

export const paths = {
  home: { path: '/', getHref: () => '/' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: {
      path: '/reset-password',
      getHref: (token?: string) => withQuery('/reset-password', { token }),
    },
  },
  acceptInvitation: {
    path: '/accept-invitation',
    getHref: (token?: string) => withQuery('/accept-invitation', { token }),
  },
  legal: {
    notice: { path: '/mentions-legales', getHref: () => '/mentions-legales' },
    privacy: { path: '/confidentialite', getHref: () => '/confidentialite' },
    terms: { path: '/conditions-generales', getHref: () => '/conditions-generales' },
  },
  /** The public page of a share link (issue 24): no account, never indexed. */
  share: { path: '/partage/:token', getHref: (token: string) => `/partage/${encodeURIComponent(token)}` },
  billingSuccess: {
    path: '/billing/success',
    getHref: (sessionId?: string) => withQuery('/billing/success', { session_id: sessionId }),
  },
  dashboard: {
    root: {
      path: '/dashboard',
      getHref: (options: { showTutorialModal?: boolean } = {}) =>
        withQuery('/dashboard', { showTutorialModal: options.showTutorialModal ? 'true' : undefined }),
    },
    upload: {
      path: '/dashboard/upload',
      relativePath: 'upload',
      getHref: (projectId?: string) => withQuery('/dashboard/upload', { project: projectId }),
    },
    images: { path: '/dashboard/images', relativePath: 'images', getHref: () => '/dashboard/images' },
    imagesProject: {
      path: '/dashboard/images/project/:projectId',
      relativePath: 'images/project/:projectId',
      getHref: (projectId: string) => `/dashboard/images/project/${encodeURIComponent(projectId)}`,
    },
    projects: { path: '/dashboard/projects', relativePath: 'projects', getHref: () => '/dashboard/projects' },
    project: {
      path: '/dashboard/projects/:projectId',
      relativePath: 'projects/:projectId',
      getHref: (projectId: string, from?: 'images') =>
        withQuery(`/dashboard/projects/${encodeURIComponent(projectId)}`, { from }),
    },
    settings: {
      path: '/dashboard/settings',
      relativePath: 'settings',
      /** `tab` selects a tab (the customer portal returns to Mon Abonnement); Profil is the default. */
      getHref: (tab?: SettingsTab) =>
        withQuery('/dashboard/settings', { tab: tab === SETTINGS_TABS.profile ? undefined : tab }),
    },
    /** The public API's reference (issue 25), linked from Paramètres > API. */
    apiReference: {
      path: '/dashboard/api-reference',
      relativePath: 'api-reference',
      getHref: () => '/dashboard/api-reference',
    },
    organizations: {
      path: '/dashboard/organizations',
      relativePath: 'organizations',
      getHref: () => '/dashboard/organizations',
    },
    shares: { path: '/dashboard/partages', relativePath: 'partages', getHref: () => '/dashboard/partages' },
    /** Target of the out-of-credits dialog (spec 2.1 lists no route for it). */
    pricing: { path: '/dashboard/pricing', relativePath: 'pricing', getHref: () => '/dashboard/pricing' },
  },
} as const;

/** Location state the guard leaves on /login so that sign-in returns to the requested page. */
export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where to go after sign-in: the remembered origin (same-app paths only) or /dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/') && !from.pathname.startsWith('//')) {
    if (from.pathname === paths.auth.login.path) return paths.dashboard.root.getHref();
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return paths.dashboard.root.getHref();
}
