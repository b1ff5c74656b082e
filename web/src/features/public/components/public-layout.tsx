import type { ReactNode } from 'react';
import { SITE_TEXTS } from '@vitrine/shared';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Every section after the first, and the footer, is rendered only as it comes near the viewport
 * (content-visibility: auto; decision 131), so the first paint lays out the first screen alone;
 * a section's height is estimated until then, and remembered once known.
 */
const RENDER_WHEN_NEAR = '[content-visibility:auto] [contain-intrinsic-size:auto_640px]';

/** Skip link, fixed header, main content and footer shared by every public page. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {SITE_TEXTS.skipLink}
      </a>
      <SiteHeader />
      <main
        id="contenu"
        tabIndex={-1}
        className="pt-16 outline-none *:not-first:[content-visibility:auto] *:not-first:[contain-intrinsic-size:auto_640px]"
      >
        {children}
      </main>
      <SiteFooter className={RENDER_WHEN_NEAR} />
    </>
  );
}
