import { PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { useMemo } from 'react';
import { useUpdateProject } from '../api/update-project';
import { ProjectFormDialog, type ProjectFormMode } from './project-form-dialog';

/** Editer (spec 2.9): the creation dialog's form, filled with the project, saved with PATCH. Open while `project` is set. */
export function EditProjectDialog({
  project,
  onClose,
  onSaved,
}: {
  project: Project | null;
  onClose: () => void;
  onSaved?: (project: Project) => void;
}) {
  const updateProject = useUpdateProject();
  const mode = useMemo<ProjectFormMode>(
    () => ({
      title: PROJECTS_TEXTS.editTitle,
      submitLabel: PROJECTS_TEXTS.save,
      project: project ?? undefined,
      submit: (input) => updateProject((project as Project).id, input),
      successTitle: PROJECTS_TEXTS.updated,
      failureTitle: PROJECTS_TEXTS.updateFailedTitle,
      failureDefault: PROJECTS_TEXTS.updateFailed,
    }),
    [project, updateProject],
  );
  return <ProjectFormDialog open={project !== null} onClose={onClose} mode={mode} onSaved={onSaved} />;
}
