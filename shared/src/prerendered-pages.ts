/**
 * The public pages whose HTML the web build renders ahead (decision 131): first path -> the file
 * of web/dist it is written to. A first load of one of these paths gets that file (its content,
 * styles and meta there before any script; the page's root then hydrates it); any other app path
 * gets the SPA shell, index.html. One list for the build (web/vite-prerender.ts), CloudFront's
 * rewrite and the local stack.
 */
export const PRERENDERED_PAGES = {
  '/': 'home.html',
  '/pricing': 'pricing.html',
} as const satisfies Readonly<Record<string, string>>;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** The file of web/dist that answers a first load of `pathname`, when it is a prerendered page. */
export function prerenderedPageFile(pathname: string): string | undefined {
  return Object.hasOwn(PRERENDERED_PAGES, pathname) ? PRERENDERED_PAGES[pathname as PrerenderedPath] : undefined;
}
