import { paths } from './config/paths';
import { enhanceBeforeReact, onFirstIntent } from './features/public';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * / (the page most visitors land on), /pricing (decision 131) and a share link's public page
 * (decision 124) are rendered without the router, keeping their JavaScript small; every other path
 * loads the router app, whose chunk they never download.
 */
const loadRoot = (pathname: string) =>
  pathname === paths.home.path
    ? import('./app/landing-root')
    : pathname === paths.pricing.path
      ? import('./app/pricing-root')
      : pathname.startsWith(paths.share.getHref(''))
        ? import('./app/share-root')
        : import('./app/router-root');

/**
 * Loads React and the page's root and renders it, or, on a prerendered page, adopts its HTML
 * (hydration) as a transition, in slices that never block the page long; a click meanwhile hydrates
 * what it needs at once. React is imported here, never by this entry, so that a prerendered page
 * downloads and evaluates none of it until it starts.
 */
const startReact = (hydrate: boolean) =>
  Promise.all([import('react'), import('react-dom/client'), loadRoot(window.location.pathname)]).then(
    ([{ StrictMode, createElement, startTransition }, { createRoot, hydrateRoot }, { Root }]) => {
      const app = createElement(StrictMode, null, createElement(Root));
      if (hydrate) startTransition(() => void hydrateRoot(container, app));
      else createRoot(container).render(app);
    },
  );

/**
 * The build prerenders / and /pricing (decision 131) and they work without React: links, the FAQ
 * and the phone menu are native, and the sliders and the demo link get their few listeners here
 * (decision 136). React, 60 KB of compressed JavaScript and most of the page's main-thread work, is
 * loaded only on the visitor's first intent. Every other page renders at once.
 */
if (container.hasChildNodes()) {
  enhanceBeforeReact(document);
  onFirstIntent(() => void startReact(true));
} else void startReact(false);
