import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { CreateProjectDialog, getProjectsKey, useProjects } from '../../features/projects';
import { UploadPage, WizardProjectsProvider, type WizardProjects } from '../../features/upload';

/** /dashboard/upload: the wizard, given the organization's projects and their creation dialog. */
export function Component() {
  const { data, error, isLoading } = useProjects();
  const { mutate } = useSWRConfig();
  const projects = useMemo<WizardProjects>(
    () => ({
      projects: data,
      loading: isLoading,
      loadFailed: Boolean(error),
      CreateProjectDialog,
      imageSavedToProject: () => void mutate(getProjectsKey()),
    }),
    [data, isLoading, error, mutate],
  );
  return (
    <WizardProjectsProvider value={projects}>
      <UploadPage />
    </WizardProjectsProvider>
  );
}
