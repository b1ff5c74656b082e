import { StrictMode, startTransition, type ComponentType } from 'react';
import { paths } from './config/paths';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * / (the page most visitors land on), /pricing (decision 131) and a share link's public page
 * (decision 124) are rendered without the router, keeping their JavaScript small; every other path
 * loads the router app, whose chunk they never download.
 */
const loadRoot = (pathname: string): Promise<{ Root: ComponentType }> =>
  pathname === paths.home.path
    ? import('./app/landing-root')
    : pathname === paths.pricing.path
      ? import('./app/pricing-root')
      : pathname.startsWith(paths.share.getHref(''))
        ? import('./app/share-root')
        : import('./app/router-root');

/** Resolves once the browser has painted the page (the task after the next frame), at once in a hidden tab. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * The build prerenders / and /pricing (decision 131): their HTML is painted by itself, so React and
 * the page's root are fetched only after that first paint, and React adopts the HTML (hydration) as
 * a transition, in slices that never block the page long; a click meanwhile hydrates what it needs
 * at once. Other pages render from scratch, React and the root fetched in parallel.
 */
const prerendered = container.hasChildNodes();
void (prerendered ? afterFirstPaint() : Promise.resolve())
  .then(() => Promise.all([import('react-dom/client'), loadRoot(window.location.pathname)]))
  .then(([{ createRoot, hydrateRoot }, { Root }]) => {
    const app = (
      <StrictMode>
        <Root />
      </StrictMode>
    );
    if (prerendered) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
