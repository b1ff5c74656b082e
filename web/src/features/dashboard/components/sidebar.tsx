import type { User } from '@vitrine/shared';
import { Link, NavLink } from 'react-router-dom';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { LogoMark } from '../../../components/logo';
import { cn } from '../../../lib/cn';
import { creditLabel, getNavItems, planName } from '../utils/nav-items';
import { Icon } from './nav-icon';

export interface SidebarContentProps {
  user: User | undefined;
  /** Only the icons show (desktop collapsed state). */
  collapsed?: boolean;
  /** Desktop only: shows the collapse toggle. */
  onToggleCollapse?: () => void;
  onLogout: () => void;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
  id?: string;
}

/** Logo, navigation, credits, plan and logout: shared by the desktop sidebar and the mobile drawer. */
export function SidebarContent({
  user,
  collapsed = false,
  onToggleCollapse,
  onLogout,
  onNavigate,
  id,
}: SidebarContentProps) {
  const plan = planName(user);
  const t = DASHBOARD_TEXTS;
  return (
    <div id={id} className="flex h-full flex-col gap-4 p-3">
      <div className={cn('flex items-center gap-2', collapsed ? 'flex-col' : 'justify-between')}>
        <Link
          to={paths.home.getHref()}
          aria-label={COMMON_TEXTS.homeLink}
          className="inline-flex items-center gap-2 rounded-lg p-1 font-display text-xl font-bold text-ink-900"
        >
          <LogoMark />
          {!collapsed && <span aria-hidden="true">{COMMON_TEXTS.appName}</span>}
        </Link>
        {onToggleCollapse && (
          <button
            type="button"
            onClick={onToggleCollapse}
            aria-label={collapsed ? t.expand : t.collapse}
            aria-expanded={!collapsed}
            className="inline-flex size-9 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100"
          >
            <Icon name="collapse" className={cn('size-5 transition-transform', collapsed && 'rotate-180')} />
          </button>
        )}
      </div>

      <nav aria-label={t.navLabel} className="flex-1">
        <ul className="flex flex-col gap-1">
          {getNavItems(user).map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                end={item.end}
                onClick={onNavigate}
                title={collapsed ? item.label : undefined}
                className={({ isActive }) =>
                  cn(
                    'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                    collapsed && 'justify-center px-0',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
                  )
                }
              >
                <Icon name={item.icon} />
                <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex flex-col gap-2 border-t border-ink-200 pt-3">
        <div
          className={cn(
            'flex items-center gap-3 rounded-lg bg-ink-50 px-3 py-2 text-sm',
            collapsed && 'flex-col gap-1 px-1 text-center',
          )}
          title={collapsed ? `${t.credits} : ${creditLabel(user)}` : undefined}
        >
          <Icon name="credits" className="size-5 text-accent-700" />
          <div className={cn('flex flex-col', collapsed && 'items-center')}>
            <span className={cn('text-xs text-ink-500', collapsed && 'sr-only')}>{t.credits}</span>
            <span className="font-semibold text-ink-900" data-testid="credit-balance">
              {creditLabel(user)}
            </span>
            {plan && !collapsed && (
              <span className="text-xs text-ink-600">
                <span className="sr-only">{`${t.plan}\u00A0: `}</span>
                <span data-testid="plan-name">{plan}</span>
              </span>
            )}
          </div>
        </div>
        <button
          type="button"
          onClick={onLogout}
          title={collapsed ? t.logout : undefined}
          className={cn(
            'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink-700 hover:bg-danger-50 hover:text-danger-700',
            collapsed && 'justify-center px-0',
          )}
        >
          <Icon name="logout" />
          <span className={cn(collapsed && 'sr-only')}>{t.logout}</span>
        </button>
      </div>
    </div>
  );
}
