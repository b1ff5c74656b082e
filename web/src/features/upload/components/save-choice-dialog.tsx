import { useState } from 'react';
import { MESSAGES } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TEXTS } from '../../../lib/texts';
import { useProjects } from '../../projects/api/get-projects';
import { CreateProjectDialog } from '../../projects/components/create-project-dialog';
import type { SaveTarget } from '../wizard-state';
import { SelectField } from '../../../components/ui/select-field';

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
      title={target?.kind === 'all' ? TEXTS.upload.saveAllDialogTitle : TEXTS.upload.saveDialogTitle}
      description={TEXTS.upload.saveDialogDescription}
    >
      {target && <SaveChoices onChoose={onChoose} onClose={onClose} />}
    </Dialog>
  );
}

const NONE = '';

function SaveChoices({ onChoose, onClose }: { onChoose: (projectId: string | null) => void; onClose: () => void }) {
  const { data: projects, error, isLoading } = useProjects();
  const [projectId, setProjectId] = useState(NONE);
  const [creating, setCreating] = useState(false);
  const options = [
    { value: NONE, label: TEXTS.upload.chooseProject },
    ...(projects ?? []).map((project) => ({ value: project.id, label: project.name })),
  ];

  return (
    <div className="flex flex-col gap-5">
      <Button variant="secondary" fullWidth onClick={() => onChoose(null)}>
        {TEXTS.upload.saveWithoutProject}
      </Button>
      <div className="flex flex-col gap-3 border-t border-ink-200 pt-4">
        <SelectField
          label={TEXTS.upload.existingProject}
          options={options}
          value={projectId}
          disabled={isLoading}
          aria-busy={isLoading || undefined}
          onValueChange={setProjectId}
        />
        {error && (
          <p role="alert" className="text-sm text-danger-700">
            {MESSAGES.wizard.projectsLoadFailed}
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="outline" onClick={() => setCreating(true)}>
            {TEXTS.upload.newProject}
          </Button>
          <Button disabled={projectId === NONE || isLoading} onClick={() => onChoose(projectId)}>
            {MESSAGES.wizard.saveToProject}
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          {TEXTS.upload.cancel}
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
