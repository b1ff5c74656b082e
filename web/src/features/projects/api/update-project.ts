/** PATCH /api/projects/{id}: changes a project's fields (same rules as the creation, spec 5). */
import type { Project, ProjectCreateInput } from '@vitrine/shared';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { imageStatsKey, LISTS, projectKey } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';

/**
 * Every field of the form is sent, an emptied one included (empty text, null size or type), so
 * that clearing a field in the dialog clears it on the project.
 */
export const updateProject = (projectId: string, input: ProjectCreateInput) =>
  api<Project>(projectKey(projectId), {
    method: 'PATCH',
    body: {
      name: input.name,
      description: input.description ?? '',
      address: input.address ?? '',
      size: input.size ?? null,
      type: input.type ?? null,
    },
  });

export function useUpdateProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (projectId: string, input: ProjectCreateInput): Promise<Project> => {
      const project = await updateProject(projectId, input);
      void mutate(projectKey(projectId), project, { revalidate: false });
      invalidateLists(LISTS.projects);
      void mutate(imageStatsKey());
      return project;
    },
    [mutate],
  );
}
