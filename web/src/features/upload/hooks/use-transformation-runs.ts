import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { classifyFailure, isAbort, settleTransformation, startRun } from '../run-transformation';
import type { WizardAction } from '../wizard-state';

export interface RunInput {
  /** The result cards of the run's variants, in order: one per transformation the start returns. */
  resultIds: string[];
  file: File;
  uploadId: string | null;
  /** An earlier transformation of the photo whose stored original the server reuses (decision 066). */
  sourceTransformationId?: string | null;
  type: TransformationType;
  options: TransformationOptions;
}

/**
 * Runs transformations and reports each step to the reducer. A run uploads (when needed) and starts
 * its variants once, then each variant is awaited on its own. Every card can be cancelled (result
 * deleted, New transformation, leaving the page): a cancelled card reports nothing, and the shared
 * upload and start stop only once none of the run's cards is left.
 */
export function useTransformationRuns(dispatch: Dispatch<WizardAction>, createObjectUrl: (blob: Blob) => string) {
  /** Per card: its own wait, and the run (upload and start) it shares with its sibling variants. */
  const cards = useRef(new Map<string, { own: AbortController; run: SharedRun }>());

  const run = useCallback(
    async ({ resultIds, file, uploadId, sourceTransformationId, type, options }: RunInput): Promise<void> => {
      const shared: SharedRun = { controller: new AbortController(), members: new Set(resultIds) };
      for (const resultId of resultIds) {
        cancelCard(cards.current, resultId);
        cards.current.set(resultId, { own: new AbortController(), run: shared });
      }
      const report = (resultId: string, action: WizardAction) => {
        if (cards.current.get(resultId)?.run === shared) dispatch(action);
      };
      let started;
      try {
        started = await startRun({
          file,
          uploadId,
          sourceTransformationId,
          type,
          options,
          variants: resultIds.length,
          signal: shared.controller.signal,
          onUploadProgress: (progress) =>
            resultIds.forEach((resultId) => report(resultId, { type: 'uploadProgressed', resultId, progress })),
          onUploaded: (id) =>
            resultIds.forEach((resultId) => report(resultId, { type: 'uploadCompleted', resultId, uploadId: id })),
        });
      } catch (error) {
        if (!shared.controller.signal.aborted && !isAbort(error)) {
          const failure = classifyFailure(error);
          resultIds.forEach((resultId) => report(resultId, { type: 'resultFailed', resultId, ...failure }));
        }
        resultIds.forEach((resultId) => forget(cards.current, resultId, shared));
        return;
      }
      await Promise.all(
        resultIds.map(async (resultId, index) => {
          const transformationId = started.transformationIds[index];
          const card = cards.current.get(resultId);
          if (!transformationId || !card || card.run !== shared) return;
          report(resultId, { type: 'transformationStarted', resultId, transformationId });
          const { signal } = card.own;
          try {
            const outcome = await settleTransformation(transformationId, signal);
            if (signal.aborted) return;
            report(resultId, {
              type: 'resultSucceeded',
              resultId,
              enhancedUrl: createObjectUrl(outcome.blob),
              simulated: outcome.simulated,
              creditBalance: outcome.creditBalance,
            });
          } catch (error) {
            if (signal.aborted || isAbort(error)) return;
            report(resultId, { type: 'resultFailed', resultId, ...classifyFailure(error) });
          } finally {
            forget(cards.current, resultId, shared);
          }
        }),
      );
    },
    [dispatch, createObjectUrl],
  );

  const cancel = useCallback((resultId: string) => cancelCard(cards.current, resultId), []);

  const cancelAll = useCallback(() => {
    for (const resultId of [...cards.current.keys()]) cancelCard(cards.current, resultId);
  }, []);

  useEffect(() => cancelAll, [cancelAll]);

  return { run, cancel, cancelAll };
}

/** The upload and start a run's variants share, and the cards still waiting for it. */
interface SharedRun {
  controller: AbortController;
  members: Set<string>;
}

type Cards = Map<string, { own: AbortController; run: SharedRun }>;

/** Stops a card's wait; the shared upload and start stop with the run's last card. */
function cancelCard(cards: Cards, resultId: string) {
  const card = cards.get(resultId);
  if (!card) return;
  card.own.abort();
  cards.delete(resultId);
  card.run.members.delete(resultId);
  if (card.run.members.size === 0) card.run.controller.abort();
}

/** A card that reported its end: no longer cancellable, nothing aborted. */
function forget(cards: Cards, resultId: string, run: SharedRun) {
  if (cards.get(resultId)?.run !== run) return;
  cards.delete(resultId);
  run.members.delete(resultId);
}
