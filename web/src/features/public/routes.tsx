import type { RouteObject } from 'react-router-dom';

/** Public pages (landing, pricing, billing success, legal). Owned by the public-site feature. */
export const publicRoutes: RouteObject[] = [];
