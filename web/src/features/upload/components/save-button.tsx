import { MESSAGES } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { TEXTS } from '../../../lib/texts';
import { isSucceeded, type ResultEntry } from '../wizard-state';

/** Caption of the save action by state (spec 2.7). */
export function saveLabel(result: ResultEntry): string {
  if (result.saveState === 'saving') return MESSAGES.wizard.saving;
  if (result.saveState === 'failed') return MESSAGES.wizard.saveFailedState;
  if (result.savedToProjectId === null) return MESSAGES.wizard.savedNoProject;
  if (result.savedToProjectId !== undefined) return MESSAGES.wizard.saved;
  return TEXTS.upload.save;
}

export function SaveButton({ result, onSave }: { result: ResultEntry; onSave: () => void }) {
  const label = saveLabel(result);
  const done = result.savedToProjectId !== undefined;
  return (
    <Button
      size="sm"
      variant={result.saveState === 'failed' ? 'danger' : done ? 'secondary' : 'primary'}
      onClick={onSave}
      isLoading={result.saveState === 'saving'}
      disabled={done || !isSucceeded(result) || result.regenerating}
      aria-label={TEXTS.upload.actionLabel(label, result.fileName)}
    >
      {label}
    </Button>
  );
}
