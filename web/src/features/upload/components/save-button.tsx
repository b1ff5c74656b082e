import { WIZARD_TEXTS } from '@vitrine/shared';
import { Button } from '../../../components/ui/button';
import { isSucceeded, type ResultEntry } from '../wizard-state';

/** Caption of the save action by state (spec 2.7). */
export function saveLabel(result: ResultEntry): string {
  if (result.saveState === 'saving') return WIZARD_TEXTS.saving;
  if (result.saveState === 'failed') return WIZARD_TEXTS.saveFailedState;
  if (result.savedToProjectId === null) return WIZARD_TEXTS.savedNoProject;
  if (result.savedToProjectId !== undefined) return WIZARD_TEXTS.saved;
  return WIZARD_TEXTS.save;
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
      aria-label={WIZARD_TEXTS.actionLabel(label, result.fileName)}
    >
      {label}
    </Button>
  );
}
