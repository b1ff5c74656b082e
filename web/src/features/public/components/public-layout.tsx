import type { ReactNode } from 'react';
import { SITE_TEXTS } from '@vitrine/shared';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

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
      <main id="contenu" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
