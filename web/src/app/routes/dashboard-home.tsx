import { DashboardHome } from '../../features/dashboard';
import { useImageStats } from '../../features/images';
import { RECENT_PROJECTS, RecentProjects, useProjectList } from '../../features/projects';

/** /dashboard: the home (dashboard feature) with the stats (images) and the recent projects (projects). */
export function Component() {
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
