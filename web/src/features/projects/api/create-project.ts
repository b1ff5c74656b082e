/** POST /api/projects: creates a project (spec 5 'Project create'), then refreshes the lists. */
import type { Project, ProjectCreateInput } from '@vitrine/shared';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { imageStatsKey, LISTS } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';
import { projectsPath } from './get-projects';

/** The input was validated by the form with the same shared schema the API applies. */
export const createProject = (input: ProjectCreateInput) =>
  api<Project>(projectsPath(), { method: 'POST', body: input });

export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: ProjectCreateInput): Promise<Project> => {
      const project = await createProject(input);
      invalidateLists(LISTS.projects);
      // The dashboard's last activity counts project changes.
      void mutate(imageStatsKey());
      return project;
    },
    [mutate],
  );
}
