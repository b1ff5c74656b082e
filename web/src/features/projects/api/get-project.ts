/** GET /api/projects/{id}: one project (404 when missing or another organization's). */
import type { Project } from '@vitrine/shared';
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { projectKey } from '../../../lib/cache-keys';

export const getProject = (projectId: string) => api<Project>(projectKey(projectId));

/** null `projectId` loads nothing. A 404 is an answer, not a hiccup: no retry. */
export function useProject(projectId: string | null) {
  return useSWR<Project, Error>(projectId ? projectKey(projectId) : null, () => getProject(projectId as string), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
