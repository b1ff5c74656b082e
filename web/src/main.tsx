import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from './config/paths';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

/**
 * / (the page most visitors land on) is rendered without the router, keeping its JavaScript
 * small; every other path loads the router app, whose chunk / never downloads.
 */
const rootModule: Promise<{ Root: ComponentType }> =
  window.location.pathname === paths.home.path ? import('./app/landing-root') : import('./app/router-root');

void rootModule.then(({ Root }) => {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
