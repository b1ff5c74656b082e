import { DashboardHome, NoRecentProjects } from '../../features/dashboard';
import { useImageStats } from '../../features/images';
import { RECENT_PROJECTS, RecentProjects, useProjectList } from '../../features/projects';
import { useUser } from '../../lib/session';

/**
 * /dashboard: the home (dashboard feature) with the stats (images) and the recent projects
 * (projects). Someone in no organization yet (a new account, a removed member) has none of them:
 * nothing is asked of the organization's endpoints, which would only answer 403 (issue 22).
 */
export function Component() {
  const { data: user } = useUser();
  return user?.organizationId ? <OrganizationHome /> : <HomeWithoutOrganization />;
}

function OrganizationHome() {
  const stats = useImageStats();
  // One call gives both the recent projects and the active-project count (ProjectPage.total).
  const projects = useProjectList({ limit: RECENT_PROJECTS });
  return (
    <DashboardHome
      totalTransformed={stats.data?.total}
      lastActivityAt={stats.data ? stats.data.lastActivityAt : undefined}
      statsFailed={Boolean(stats.error) && !stats.data}
      activeProjects={projects.firstPage?.total}
      projectsFailed={Boolean(projects.error) && !projects.firstPage}
      recentProjects={<RecentProjects list={projects} />}
    />
  );
}

function HomeWithoutOrganization() {
  return (
    <DashboardHome
      totalTransformed={0}
      lastActivityAt={null}
      statsFailed={false}
      activeProjects={0}
      projectsFailed={false}
      recentProjects={<NoRecentProjects />}
    />
  );
}
