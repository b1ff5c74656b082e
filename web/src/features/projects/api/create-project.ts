/** POST /api/projects: creates a project (spec 5 'Project create'), then refreshes the list. */
import type { Project, ProjectCreateInput } from '@vitrine/shared';
import { useSWRConfig } from 'swr';
import { api } from '../../../lib/api-client';
import { getProjectsKey } from './get-projects';

/** The input was validated by the form with the same shared schema the API applies. */
export const createProject = (input: ProjectCreateInput) =>
  api<Project>(getProjectsKey(), { method: 'POST', body: input });

export function useCreateProject() {
  const { mutate } = useSWRConfig();
  return async (input: ProjectCreateInput): Promise<Project> => {
    const project = await createProject(input);
    await mutate(getProjectsKey(), (current: Project[] | undefined) => [project, ...(current ?? [])], {
      revalidate: true,
    });
    return project;
  };
}
