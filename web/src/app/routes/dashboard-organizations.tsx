import { useUser } from '../../lib/session';
import { OrganizationPage } from '../../features/organizations';
import { EmailVerification } from '../../features/settings';

/** Lazy route module of /dashboard/organizations (inside the dashboard shell, so the user is loaded). */
export function Component() {
  const { data: user } = useUser();
  if (!user) return null;
  return <OrganizationPage user={user} renderEmailVerification={(props) => <EmailVerification {...props} />} />;
}
