import { type PrerenderedPath } from '@vitrine/shared';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Root as LandingRoot } from './landing-root';
import { Root as PricingRoot } from './pricing-root';

export { PRERENDERED_PAGES } from '@vitrine/shared';

/**
 * The build's side of the prerendered pages (decision 131), run in Node by web/vite-prerender.ts,
 * never shipped: each page's root, the same module main.tsx loads for that path, rendered to HTML
 * in the same tree (StrictMode) so that the browser's hydration matches it.
 */
const ROOTS: Record<PrerenderedPath, ComponentType> = {
  '/': LandingRoot,
  '/pricing': PricingRoot,
};

/** React 19 writes a page's <title>, <meta> and <link> first; the HTML puts them in <head>. */
const LEADING_HOISTABLES = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)*/;

export interface PrerenderedPage {
  /** The page's title and meta tags, for <head>. */
  head: string;
  /** The content of #root. */
  body: string;
}

export function prerenderPage(path: PrerenderedPath): PrerenderedPage {
  const Root = ROOTS[path];
  const html = renderToString(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
  const head = LEADING_HOISTABLES.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}
