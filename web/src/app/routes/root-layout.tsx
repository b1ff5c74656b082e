import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { AppLinkProvider } from '../../components/app-link';
import { renderRouterLink } from '../../components/router-link';
import { ToastProvider } from '../../components/ui/toast';

/**
 * Root of every routed page: client-side AppLinks, notifications, scroll restoration and a thin
 * bar while a lazy route loads.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AppLinkProvider value={renderRouterLink}>
      <ToastProvider>
        {navigation.state === 'loading' && (
          <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" />
        )}
        <Outlet />
        <ScrollRestoration />
      </ToastProvider>
    </AppLinkProvider>
  );
}
