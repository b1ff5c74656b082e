import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_LIMITS } from '@vitrine/shared';
import { ApiError } from '../../lib/api-error';
import { CreateProjectDialog, useProject, useProjectList } from '../../features/projects';
import { UploadPage, WizardProjectsProvider, type WizardProjects } from '../../features/upload';

/** /dashboard/upload: the wizard, given the organization's projects and their creation dialog. */
export function Component() {
  // The pickers list the most recent projects, one page of the largest size the API gives.
  const { items, error, isLoading } = useProjectList({ limit: PAGE_LIMITS.max });
  const requestedId = useSearchParams()[0].get('project') || null;
  const requested = useProject(requestedId);
  // Only an answer that the project is not there (404) sends the wizard back to the picker.
  const requestedMissing = requested.error instanceof ApiError && requested.error.status === 404;
  const requestedProject = requestedMissing ? null : requested.data;
  const requestedProjectFailed = Boolean(requested.error) && !requestedMissing;
  const projects = useMemo<WizardProjects>(
    () => ({
      projects: items,
      loading: isLoading,
      loadFailed: Boolean(error) && !items,
      requestedProject,
      requestedProjectFailed,
      CreateProjectDialog,
    }),
    [items, isLoading, error, requestedProject, requestedProjectFailed],
  );
  return (
    <WizardProjectsProvider value={projects}>
      <UploadPage />
    </WizardProjectsProvider>
  );
}
