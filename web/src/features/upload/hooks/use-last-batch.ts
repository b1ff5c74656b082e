import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { WIZARD_TEXTS } from '@vitrine/shared';
import { useToast } from '../../../components/ui/toast';
import { getTransformation } from '../api/get-transformation';
import { forgetBatch, recallBatch, rememberBatch, type RememberedResult } from '../last-batch';
import { rememberableResults, type RestoredResult, type WizardAction, type WizardState } from '../wizard-state';

/**
 * Keeps the current batch's unsaved results in localStorage while it has some, and restores the
 * last remembered batch on request (item 'Restaurer la dernière série').
 */
export function useLastBatch(state: WizardState, dispatch: Dispatch<WizardAction>, userId: string | undefined) {
  const { toast } = useToast();
  // True while the stored batch is this wizard's current one: only then may an empty list clear it.
  const owns = useRef(false);
  const [restoring, setRestoring] = useState(false);
  const rememberable = rememberableResults(state);
  const signature = JSON.stringify(rememberable);

  useEffect(() => {
    if (!userId) return;
    const results = JSON.parse(signature) as RememberedResult[];
    if (results.length > 0) {
      rememberBatch(userId, results);
      owns.current = true;
    } else if (owns.current) {
      forgetBatch(userId);
      owns.current = false;
    }
  }, [userId, signature]);

  /** 'Nouvelle transformation': the batch stays remembered, so the next wizard can restore it. */
  const release = useCallback(() => {
    owns.current = false;
  }, []);

  // Offered only to an untouched wizard (no photo, no result on screen).
  const remembered = userId && state.step === 'upload' && state.files.length === 0 ? recallBatch(userId) : null;

  const restore = async () => {
    if (!userId || !remembered || restoring) return;
    setRestoring(true);
    try {
      const answers = await Promise.allSettled(
        remembered.results.map(async ({ transformationId, fileName }): Promise<RestoredResult | null> => {
          const transformation = await getTransformation(transformationId);
          if (transformation.status !== 'succeeded' || !transformation.resultUrl || !transformation.originalUrl)
            return null;
          return {
            transformationId,
            fileName,
            originalUrl: transformation.originalUrl,
            resultUrl: transformation.resultUrl,
            simulated: transformation.simulated === true,
            options: transformation.options,
          };
        }),
      );
      const restored = answers.flatMap((answer) =>
        answer.status === 'fulfilled' && answer.value ? [answer.value] : [],
      );
      if (restored.length === 0) {
        toast({ variant: 'error', title: WIZARD_TEXTS.restoreFailed });
        return;
      }
      dispatch({ type: 'batchRestored', results: restored, missing: remembered.results.length - restored.length });
    } finally {
      setRestoring(false);
    }
  };

  return { remembered, restoring, restore: () => void restore(), release };
}
