import { UI_CONSTANTS, SITE_TEXTS } from '@vitrine/shared';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { Logo } from '../../../components/logo';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { SECTION_IDS } from '../site';

const ANCHORS = [
  { id: SECTION_IDS.features, label: SITE_TEXTS.nav.features },
  { id: SECTION_IDS.demo, label: SITE_TEXTS.nav.demo },
  { id: SECTION_IDS.testimonials, label: SITE_TEXTS.nav.testimonials },
  { id: SECTION_IDS.faq, label: SITE_TEXTS.nav.faq },
] as const;

const linkClasses = 'rounded-md px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900';

/** Fixed header of the public pages; slides away when scrolling down past 100 px, back on scroll up. */
export function SiteHeader() {
  const hidden = useHideOnScroll(UI_CONSTANTS.headerHideThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu, as the dashboard's does, and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  // The mobile menu closes once one of its links is followed.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  };

  const links = (
    <>
      {ANCHORS.map((anchor) => (
        <AppLink key={anchor.id} href={`${paths.home.getHref()}#${anchor.id}`} className={linkClasses}>
          {anchor.label}
        </AppLink>
      ))}
      <AppLink href={paths.pricing.getHref()} className={linkClasses}>
        {SITE_TEXTS.nav.pricing}
      </AppLink>
    </>
  );

  return (
    <header
      data-testid="site-header"
      data-hidden={hidden && !menuOpen}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur transition-transform duration-300 focus-within:translate-y-0 motion-reduce:transition-none',
        hidden && !menuOpen && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <AppLink href={paths.home.getHref()} aria-label={SITE_TEXTS.homeLink} className="mr-auto rounded-lg p-1">
          <Logo />
        </AppLink>
        <nav aria-label={SITE_TEXTS.mainNavLabel} className="hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <AppLink href={paths.dashboard.root.getHref()} className={cn(linkClasses, 'hidden sm:inline-flex')}>
          {SITE_TEXTS.nav.login}
        </AppLink>
        <AppLink href={paths.auth.register.getHref()} className={buttonClasses({ size: 'sm' })}>
          {SITE_TEXTS.nav.register}
        </AppLink>
        <button
          ref={toggle}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? SITE_TEXTS.menuClose : SITE_TEXTS.menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          className="inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 lg:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav
        id={menuId}
        aria-label={SITE_TEXTS.mainNavLabel}
        hidden={!menuOpen}
        onClick={closeOnLink}
        className="border-t border-ink-200 bg-white px-4 py-3 lg:hidden"
      >
        <div className="flex flex-col">
          {links}
          <AppLink href={paths.dashboard.root.getHref()} className={cn(linkClasses, 'sm:hidden')}>
            {SITE_TEXTS.nav.login}
          </AppLink>
        </div>
      </nav>
    </header>
  );
}
