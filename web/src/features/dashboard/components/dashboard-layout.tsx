import type { ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useLogout, useUser } from '../../../lib/session';
import { useRevalidateUserOnReturn } from '../hooks/use-revalidate-user-on-return';
import { useSidebarCollapsed } from '../hooks/use-sidebar-collapsed';
import { MobileNav } from './mobile-nav';
import { SidebarContent } from './sidebar';

/**
 * The dashboard shell (spec 2.4): sidebar from md up, top bar and drawer below; pages in <Outlet />,
 * under `banner` (account notices composed by app/, e.g. the e-mail verification).
 */
export function DashboardLayout({ banner }: { banner?: ReactNode }) {
  const { data: user } = useUser();
  useRevalidateUserOnReturn();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => void logout(() => navigate(paths.auth.login.getHref(), { replace: true }));

  return (
    <div className="min-h-dvh md:flex">
      <MobileNav user={user} onLogout={onLogout} />
      <aside
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 border-r border-ink-200 bg-white transition-[width] duration-200 md:block',
          collapsed ? 'w-20' : 'w-64',
        )}
      >
        <SidebarContent
          id="dashboard-sidebar"
          user={user}
          collapsed={collapsed}
          onToggleCollapse={toggleCollapsed}
          onLogout={onLogout}
        />
      </aside>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10">
        {banner}
        <Outlet />
      </main>
    </div>
  );
}
