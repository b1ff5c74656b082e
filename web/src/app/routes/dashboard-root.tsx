import { DashboardLayout } from '../../features/dashboard';
import { EmailVerificationBanner } from '../../features/settings';
import { SessionProvider } from '../providers/session-provider';
import { DashboardOverlays } from './dashboard-overlays';
import { ProtectedRoute } from './protected-route';

/** Lazy route module of /dashboard and everything under it (the signed-in app). */
export function Component() {
  return (
    <SessionProvider>
      <ProtectedRoute>
        <DashboardLayout banner={<EmailVerificationBanner />} />
        <DashboardOverlays />
      </ProtectedRoute>
    </SessionProvider>
  );
}
