import { PROJECTS_TEXTS, type Project } from '@vitrine/shared';
import { useMemo } from 'react';
import { useCreateProject } from '../api/create-project';
import { ProjectFormDialog, type ProjectFormMode } from './project-form-dialog';

export interface CreateProjectDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new project, after which the dialog closes. */
  onCreated?: (project: Project) => void;
}

/** The create-project dialog (spec 2.8, rules of spec 5). Its form is emptied each time it closes. */
export function CreateProjectDialog({ open, onClose, onCreated }: CreateProjectDialogProps) {
  const createProject = useCreateProject();
  const mode = useMemo<ProjectFormMode>(
    () => ({
      title: PROJECTS_TEXTS.createTitle,
      submitLabel: PROJECTS_TEXTS.create,
      submit: createProject,
      successTitle: PROJECTS_TEXTS.created,
      failureTitle: PROJECTS_TEXTS.createFailedTitle,
      failureDefault: PROJECTS_TEXTS.createFailed,
    }),
    [createProject],
  );
  return <ProjectFormDialog open={open} onClose={onClose} mode={mode} onSaved={onCreated} />;
}
