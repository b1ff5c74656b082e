import { useUser } from '../../../lib/session';
import { OrganizationPage } from '../components/organization-page';

/** Lazy route module of /dashboard/organizations (inside the dashboard shell, so the user is loaded). */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <OrganizationPage user={user} />;
}
