import type { User } from '@vitrine/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { Logo } from '../../../components/logo';
import { creditLabel } from '../utils/nav-items';
import { Icon } from './nav-icon';
import { SidebarContent } from './sidebar';

const DRAWER_ID = 'dashboard-mobile-drawer';

/** Under md: a top bar with the credits and a menu button opening the navigation drawer. */
export function MobileNav({ user, onLogout }: { user: User | undefined; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const menu = menuButton.current;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      menu?.focus();
    };
  }, [open]);

  return (
    <div className="md:hidden">
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-ink-200 bg-white px-3">
        <Link to={paths.home.getHref()} aria-label={COMMON_TEXTS.homeLink} className="rounded-lg p-1">
          <Logo className="text-lg" />
        </Link>
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-ink-100 px-2.5 py-1 text-xs font-medium text-ink-800">
            {DASHBOARD_TEXTS.credits}
            {'\u00A0: '}
            {creditLabel(user)}
          </span>
          <button
            ref={menuButton}
            type="button"
            onClick={() => setOpen(true)}
            aria-label={DASHBOARD_TEXTS.openMenu}
            aria-expanded={open}
            aria-controls={DRAWER_ID}
            className="inline-flex size-10 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100"
          >
            <Icon name="menu" />
          </button>
        </div>
      </header>
      {open && (
        <div className="fixed inset-0 z-40">
          <div aria-hidden="true" className="absolute inset-0 bg-ink-900/40" onClick={() => setOpen(false)} />
          <div
            id={DRAWER_ID}
            role="dialog"
            aria-modal="true"
            aria-label={DASHBOARD_TEXTS.navLabel}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
          >
            <button
              ref={closeButton}
              type="button"
              onClick={() => setOpen(false)}
              aria-label={DASHBOARD_TEXTS.closeMenu}
              className="absolute top-3 right-3 inline-flex size-9 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100"
            >
              <Icon name="close" />
            </button>
            <SidebarContent user={user} onLogout={onLogout} onNavigate={() => setOpen(false)} />
          </div>
        </div>
      )}
    </div>
  );
}
