import { useState } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { useWizardProjects } from '../wizard-projects';
import type { SaveTarget } from '../wizard-state';

export interface SaveChoiceDialogProps {
  target: SaveTarget | null;
  onClose: () => void;
  /** A project id, or null to save without a project. */
  onChoose: (projectId: string | null) => void;
}

/** Spec 2.8 save dialogs (single and Save all): without a project, an existing one, or a new one. */
export function SaveChoiceDialog({ target, onClose, onChoose }: SaveChoiceDialogProps) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target?.kind === 'all' ? WIZARD_TEXTS.saveAllDialogTitle : WIZARD_TEXTS.saveDialogTitle}
      description={WIZARD_TEXTS.saveDialogDescription}
    >
      {target && <SaveChoices onChoose={onChoose} onClose={onClose} />}
    </Dialog>
  );
}

const NONE = '';

function SaveChoices({ onChoose, onClose }: { onChoose: (projectId: string | null) => void; onClose: () => void }) {
  const { projects, loadFailed, loading: isLoading, CreateProjectDialog } = useWizardProjects();
  const [projectId, setProjectId] = useState(NONE);
  const [creating, setCreating] = useState(false);
  const options = [
    { value: NONE, label: WIZARD_TEXTS.chooseProject },
    ...(projects ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <div className="flex flex-col gap-5">
      <Button variant="secondary" fullWidth onClick={() => onChoose(null)}>
        {WIZARD_TEXTS.saveWithoutProject}
      </Button>
      <div className="flex flex-col gap-3 border-t border-ink-200 pt-4">
        <SelectField
          label={WIZARD_TEXTS.existingProject}
          options={options}
          value={projectId}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onValueChange={setProjectId}
        />
        {loadFailed && (
          <p role="alert" className="text-sm text-danger-700">
            {WIZARD_TEXTS.projectsLoadFailed}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="outline" onClick={() => setCreating(true)}>
            {WIZARD_TEXTS.newProject}
          </Button>
          <Button disabled={projectId === NONE || isLoading} onClick={() => onChoose(projectId)}>
            {WIZARD_TEXTS.saveToProject}
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          {WIZARD_TEXTS.cancel}
        </Button>
      </div>
      <CreateProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => setProjectId(project.id)}
      />
    </div>
  );
}
