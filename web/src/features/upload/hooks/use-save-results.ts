import { useCallback, type Dispatch } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-error';
import { useSaveImage } from '../api/save-image';
import type { ResultEntry, WizardAction } from '../wizard-state';

/**
 * Saves results (one, or Save all in parallel) and reports them: states to the reducer,
 * the spec 8 messages as notifications.
 */
export function useSaveResults(dispatch: Dispatch<WizardAction>) {
  const saveImage = useSaveImage();
  const { toast } = useToast();

  return useCallback(
    async (results: ResultEntry[], projectId: string | null, all: boolean): Promise<void> => {
      const saveable = results.filter((result) => result.transformationId !== null);
      if (saveable.length === 0) return;
      dispatch({ type: 'savesStarted', resultIds: saveable.map((result) => result.id), all });
      try {
        const outcomes = await Promise.allSettled(
          saveable.map(async (result) => {
            try {
              await saveImage({ transformationId: result.transformationId as string, projectId });
              dispatch({ type: 'saveSucceeded', resultId: result.id, projectId });
            } catch (error) {
              dispatch({ type: 'saveFailed', resultId: result.id });
              throw error;
            }
          }),
        );
        const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
        if (all && failures.length > 0 && failures.length < saveable.length) {
          toast({ variant: 'error', title: WIZARD_TEXTS.savePartial(failures.length) });
        } else if (failures[0]) {
          const message = errorMessage(failures[0].reason, WIZARD_TEXTS.saveFailedDefault);
          toast({ variant: 'error', title: WIZARD_TEXTS.saveFailed(message) });
        } else {
          toast({
            variant: 'success',
            title: projectId ? WIZARD_TEXTS.saved : WIZARD_TEXTS.savedWithoutProject,
          });
        }
      } catch {
        toast({ variant: 'error', title: WIZARD_TEXTS.saveUnexpected });
      } finally {
        if (all) dispatch({ type: 'saveAllFinished' });
      }
    },
    [dispatch, saveImage, toast],
  );
}
