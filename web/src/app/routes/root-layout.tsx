import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { ToastProvider } from '../../components/ui/toast';

/** Root of every page: notifications, scroll restoration and a thin bar while a lazy route loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <ToastProvider>
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-500" />
      )}
      <Outlet />
      <ScrollRestoration />
    </ToastProvider>
  );
}
