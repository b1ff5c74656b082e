/** DELETE /api/projects/{id} (204): the project goes, its images stay, unclassified. */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { imageStatsKey, LISTS, projectKey } from '../../../lib/cache-keys';
import { invalidateLists } from '../../../lib/paged-list';

export const deleteProject = (projectId: string) => api<void>(projectKey(projectId), { method: 'DELETE' });

export function useDeleteProject() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (projectId: string): Promise<void> => {
      await deleteProject(projectId);
      void mutate(projectKey(projectId), undefined, { revalidate: false });
      // Its images now show among the unclassified ones.
      invalidateLists(LISTS.projects, LISTS.unclassifiedImages, LISTS.projectImages(projectId));
      void mutate(imageStatsKey());
    },
    [mutate],
  );
}
