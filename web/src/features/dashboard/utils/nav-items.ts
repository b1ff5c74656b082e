import type { User } from '@vitrine/shared';
import { DASHBOARD_TEXTS } from '@vitrine/shared';
import { paths } from '../../../config/paths';
import { hasOrganizationPlan } from '../../../lib/session';

export type NavIcon = 'home' | 'projects' | 'upload' | 'images' | 'shares' | 'organizations' | 'settings';

export interface NavItem {
  href: string;
  label: string;
  icon: NavIcon;
  /** Active only on the exact path (the dashboard home), not on its children. */
  end?: boolean;
}

/** Sidebar entries in the spec's order; Organisation only for organization plans. */
export function getNavItems(user: User | undefined): NavItem[] {
  const d = paths.dashboard;
  const items: (NavItem | false)[] = [
    { href: d.root.getHref(), label: DASHBOARD_TEXTS.nav.home, icon: 'home', end: true },
    { href: d.projects.getHref(), label: DASHBOARD_TEXTS.nav.projects, icon: 'projects' },
    { href: d.upload.getHref(), label: DASHBOARD_TEXTS.nav.upload, icon: 'upload' },
    { href: d.images.getHref(), label: DASHBOARD_TEXTS.nav.images, icon: 'images' },
    { href: d.shares.getHref(), label: DASHBOARD_TEXTS.nav.shares, icon: 'shares' },
    hasOrganizationPlan(user) && {
      href: d.organizations.getHref(),
      label: DASHBOARD_TEXTS.nav.organizations,
      icon: 'organizations',
    },
    { href: d.settings.getHref(), label: DASHBOARD_TEXTS.nav.settings, icon: 'settings' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}

/** Credit balance to show, or 'N/A' without an organization. */
export function creditLabel(user: User | undefined): string {
  const balance = user?.organization?.creditBalance;
  return typeof balance === 'number' ? String(balance) : DASHBOARD_TEXTS.notAvailable;
}

/** Plan name from the organization's subscription, else the user's own; undefined when none. */
export function planName(user: User | undefined): string | undefined {
  return user?.organization?.subscription?.price?.name ?? user?.subscription?.price?.name ?? undefined;
}
