import { UI_CONSTANTS, SITE_TEXTS } from '@vitrine/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { Logo } from '../../../components/logo';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll';
import { closeMenuOnLink } from '../lib/menu';
import { SECTION_IDS } from '../site';

const ANCHORS = [
  { id: SECTION_IDS.features, label: SITE_TEXTS.nav.features },
  { id: SECTION_IDS.demo, label: SITE_TEXTS.nav.demo },
  { id: SECTION_IDS.testimonials, label: SITE_TEXTS.nav.testimonials },
  { id: SECTION_IDS.faq, label: SITE_TEXTS.nav.faq },
] as const;

/** Shown while the phone menu (the header's popover) is open, and while it is closed. */
const MENU_OPEN_CLASSES = 'hidden group-has-[:popover-open]/header:inline';
const MENU_CLOSED_CLASSES = 'group-has-[:popover-open]/header:hidden';

const linkClasses = 'rounded-md px-3 py-2 text-sm font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-900';

/**
 * Fixed header of the public pages; slides away when scrolling down past 100 px, back on scroll up.
 * The phone menu is a native popover (decision 136): its button opens and closes it, Escape and a
 * tap outside close it, focus returns to the button, and its label and icon follow its state in CSS,
 * all without JavaScript, as a prerendered page is before React loads. React only keeps the header
 * in view while it is open.
 */
export function SiteHeader() {
  const scrolledAway = useHideOnScroll(UI_CONSTANTS.headerHideThresholdPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menu = useRef<HTMLElement>(null);

  // The menu may have been opened before React was loaded: read its state, then follow it.
  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const sync = () => setMenuOpen(element.matches(':popover-open'));
    sync();
    element.addEventListener('toggle', sync);
    return () => element.removeEventListener('toggle', sync);
  }, []);
  const hidden = scrolledAway && !menuOpen;

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
      data-hidden={hidden}
      className={cn(
        'group/header fixed inset-x-0 top-0 z-40 border-b border-ink-200 bg-white/95 backdrop-blur transition-transform duration-300 focus-within:translate-y-0 motion-reduce:transition-none',
        hidden && '-translate-y-full',
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
          type="button"
          popoverTarget={menuId}
          className="inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 lg:hidden"
        >
          {/* Only the label of the current state is rendered, so it names the button. */}
          <span className={cn('sr-only', MENU_OPEN_CLASSES)}>{SITE_TEXTS.menuClose}</span>
          <span className={cn('sr-only', MENU_CLOSED_CLASSES)}>{SITE_TEXTS.menuOpen}</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="22"
            height="22"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" className={MENU_OPEN_CLASSES} />
            <path d="M4 7h16M4 12h16M4 17h16" className={MENU_CLOSED_CLASSES} />
          </svg>
        </button>
      </div>
      <nav
        ref={menu}
        id={menuId}
        popover="auto"
        aria-label={SITE_TEXTS.mainNavLabel}
        onClick={closeMenuOnLink}
        className="inset-x-0 top-16 bottom-auto m-0 h-auto w-full border-0 border-y border-ink-200 bg-white px-4 py-3 text-ink-900 lg:hidden"
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
