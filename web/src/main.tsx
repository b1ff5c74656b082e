import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from './config/paths';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * / (the page most visitors land on) and a share link's public page (decision 124) are rendered
 * without the router, keeping their JavaScript small; every other path loads the router app,
 * whose chunk they never download.
 */
const { pathname } = window.location;
const rootModule: Promise<{ Root: ComponentType }> =
  pathname === paths.home.path
    ? import('./app/landing-root')
    : pathname.startsWith(paths.share.getHref(''))
      ? import('./app/share-root')
      : import('./app/router-root');

void rootModule.then(({ Root }) => {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
