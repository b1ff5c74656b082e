import { SETTINGS_TEXTS, type User } from '@vitrine/shared';
import { useSearchParams } from 'react-router-dom';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { SETTINGS_TABS } from '../../../config/paths';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

export interface SettingsPageProps {
  user: User;
  /** Tabs other features contribute between Profil and Sécurité (app/routes/dashboard-settings.tsx composes them). */
  extraTabs?: TabItem[];
}

/** /dashboard/settings (spec 2.10): Profil, the given tabs (Mon Abonnement), Sécurité; `?tab=` selects one. */
export function SettingsPage({ user, extraTabs = [] }: SettingsPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabs: TabItem[] = [
    { id: SETTINGS_TABS.profile, label: SETTINGS_TEXTS.profileTab, content: <ProfileTab user={user} /> },
    ...extraTabs,
    { id: SETTINGS_TABS.security, label: SETTINGS_TEXTS.securityTab, content: <SecurityTab email={user.email} /> },
  ];
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
