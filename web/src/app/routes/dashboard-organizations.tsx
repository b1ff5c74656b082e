import { useUser } from '../../lib/session';
import { OrganizationPage } from '../../features/organizations';

/** Lazy route module of /dashboard/organizations (inside the dashboard shell, so the user is loaded). */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <OrganizationPage user={user} />;
}
