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

/** With ?project=<id>: the fixed project, shown by name. */
export function AssociatedProject({ projectId }: { projectId: string }) {
  const { requestedProject } = useWizardProjects();
  const project = requestedProject?.id === projectId ? requestedProject : undefined;
  const name = project?.name ?? (requestedProject === undefined ? COMMON_TEXTS.loading : PROJECTS_TEXTS.notFound);
  return (
    <p className="text-sm text-ink-700">
      {WIZARD_TEXTS.associatedProject}
      {'\u00A0: '}
      <strong className="text-ink-900">{name}</strong>
    </p>
  );
}
