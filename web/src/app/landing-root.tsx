import { LandingPage } from '../features/public';

/**
 * Root of / when it is the page first loaded: the landing page alone, without react-router, so
 * that / downloads only React and this page. Its internal links are plain anchors (full page
 * loads into the router app); its in-page anchors are native.
 */
export function Root() {
  return <LandingPage />;
}
