/** GET /api/projects?limit=&cursor=&search=: the organization's projects, newest first, page by page. */
import { PAGE_LIMITS, type Project, type ProjectPage } from '@vitrine/shared';
import { LISTS } from '../../../lib/cache-keys';
import { usePagedList } from '../../../lib/paged-list';

export const projectsPath = () => '/projects';

export interface ProjectListOptions {
  /** Case-insensitive name search, done by the server. */
  search?: string;
  /** @default PAGE_LIMITS.default */
  limit?: number;
}

export function useProjectList({ search, limit = PAGE_LIMITS.default }: ProjectListOptions = {}) {
  return usePagedList<Project, ProjectPage>(projectsPath(), {
    name: LISTS.projects,
    query: { search: search?.trim() || undefined },
    limit,
  });
}
