import { BILLING_TEXTS, hasRole } from '@vitrine/shared';
import type { TabItem } from '../../components/ui/tabs';
import { SETTINGS_TABS } from '../../config/paths';
import { SubscriptionTab } from '../../features/billing';
import { SettingsPage } from '../../features/settings';
import { useUser } from '../../lib/session';

/**
 * /dashboard/settings: the settings feature's page with billing's Mon Abonnement tab, shown to
 * org_owner only (spec 6; the server checks the role too).
 */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  const extraTabs: TabItem[] = hasRole(user.roles, 'org_owner')
    ? [{ id: SETTINGS_TABS.subscription, label: BILLING_TEXTS.subscription.tab, content: <SubscriptionTab /> }]
    : [];
  return <SettingsPage user={user} extraTabs={extraTabs} />;
}
