import { BILLING_TEXTS, hasRole, SETTINGS_TEXTS } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { useUser } from '../../../lib/session';
import { SubscriptionTab } from '../../billing/components/subscription-tab';
import { ProfileTab } from '../components/profile-tab';

/** Tab ids, also accepted as ?tab= (the customer portal returns to ?tab=abonnement). */
export const SETTINGS_TABS = { profile: 'profil', subscription: 'abonnement' } as const;

/**
 * /dashboard/settings (spec 2.10): Profil for everyone, Mon Abonnement for org_owner only
 * (spec 6). The route composes the settings and billing features.
 */
export function Component() {
  const { data: user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!user) return null;

  const tabs: TabItem[] = [
    { id: SETTINGS_TABS.profile, label: SETTINGS_TEXTS.profileTab, content: <ProfileTab user={user} /> },
  ];
  if (hasRole(user.roles, 'org_owner'))
    tabs.push({ id: SETTINGS_TABS.subscription, label: BILLING_TEXTS.subscription.tab, content: <SubscriptionTab /> });

  const requested = searchParams.get('tab');
  const selected = tabs.some((tab) => tab.id === requested) ? (requested as string) : SETTINGS_TABS.profile;

  return (
    <section aria-labelledby="settings-heading" className="mx-auto max-w-5xl">
      <title>{`${SETTINGS_TEXTS.title} | Vitrine`}</title>
      <h1 id="settings-heading" className="text-2xl font-bold sm:text-3xl">
        {SETTINGS_TEXTS.title}
      </h1>
      <Tabs
        className="mt-6"
        label={SETTINGS_TEXTS.tabsLabel}
        tabs={tabs}
        value={selected}
        onValueChange={(id) => setSearchParams(id === SETTINGS_TABS.profile ? {} : { tab: id }, { replace: true })}
      />
    </section>
  );
}
