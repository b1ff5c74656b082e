import { API_KEYS_TEXTS, BILLING_TEXTS, DISCLOSURE_MARK_TEXTS, hasRole } from '@vitrine/shared';
import type { TabItem } from '../../components/ui/tabs';
import { SETTINGS_TABS } from '../../config/paths';
import { ApiTab } from '../../features/api-settings';
import { SubscriptionTab } from '../../features/billing';
import { DisclosureMarkTab } from '../../features/disclosure';
import { SettingsPage } from '../../features/settings';
import { useUser } from '../../lib/session';

/**
 * /dashboard/settings: the settings feature's page with billing's Mon Abonnement tab, shown to
 * org_owner only (spec 6; the server checks the role too), and the API tab for owners and admins
 * (issue 25), and the mark on exports of altered images for owners and admins (issue 24).
 */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  const extraTabs: TabItem[] = hasRole(user.roles, 'org_owner')
    ? [{ id: SETTINGS_TABS.subscription, label: BILLING_TEXTS.subscription.tab, content: <SubscriptionTab /> }]
    : [];
  if (hasRole(user.roles, 'org_owner', 'org_admin')) {
    extraTabs.push({ id: SETTINGS_TABS.api, label: API_KEYS_TEXTS.tab, content: <ApiTab /> });
    extraTabs.push({ id: SETTINGS_TABS.disclosure, label: DISCLOSURE_MARK_TEXTS.tab, content: <DisclosureMarkTab /> });
  }
  return <SettingsPage user={user} extraTabs={extraTabs} />;
}
