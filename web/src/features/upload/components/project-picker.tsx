import { useState } from 'react';
import { COMMON_TEXTS, WIZARD_TEXTS, PROJECTS_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useWizardProjects } from '../wizard-projects';

const NO_PROJECT = '';

/** Step 1 project picker (shown only without ?project=): an existing project, none, or a new one. */
export function ProjectPicker({
  projectId,
  onChange,
}: {
  projectId: string | null;
  onChange: (projectId: string | null) => void;
}) {
  const { projects, loadFailed, loading: isLoading, CreateProjectDialog } = useWizardProjects();
  const [creating, setCreating] = useState(false);
  const options = [
    { value: NO_PROJECT, label: WIZARD_TEXTS.noProject },
    ...(projects ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label={WIZARD_TEXTS.project}
          options={options}
          value={projectId ?? NO_PROJECT}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onValueChange={(value) => onChange(value === NO_PROJECT ? null : value)}
          containerClassName="w-full sm:max-w-sm"
        />
        <Button variant="outline" onClick={() => setCreating(true)}>
          {WIZARD_TEXTS.newProject}
        </Button>
      </div>
      {loadFailed && (
        <p role="alert" className="text-sm text-danger-700">
          {WIZARD_TEXTS.projectsLoadFailed}
        </p>
      )}
      <CreateProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => onChange(project.id)}
      />
    </div>
  );
}

/**
 * With ?project=<id>: the fixed project, shown by name. When it cannot be read (spec 8), its name
 * reads 'Projet introuvable' beside the error; the results are still saved to that id.
 */
export function AssociatedProject({ projectId }: { projectId: string }) {
  const { requestedProject, requestedProjectFailed } = useWizardProjects();
  const project = requestedProject?.id === projectId ? requestedProject : undefined;
  // A missing project (404) never gets here: the wizard falls back to the picker.
  const name = project?.name ?? (requestedProjectFailed ? PROJECTS_TEXTS.notFound : COMMON_TEXTS.loading);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="text-ink-700">
        {WIZARD_TEXTS.associatedProject} <strong className="text-ink-900">{name}</strong>
      </p>
      {requestedProjectFailed && (
        <p role="alert" className="text-danger-700">
          {WIZARD_TEXTS.projectDetailsLoadFailed}
        </p>
      )}
    </div>
  );
}
