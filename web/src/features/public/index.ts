/** The public site's public surface, for the routes that compose it (app/): its layout and meta. */
export { PageMeta } from './components/page-meta';
export { PublicLayout } from './components/public-layout';
