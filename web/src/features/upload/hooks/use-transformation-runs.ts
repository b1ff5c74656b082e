import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { classifyFailure, isAbort, runTransformation } from '../run-transformation';
import type { WizardAction } from '../wizard-state';

export interface RunInput {
  resultId: string;
  file: File;
  uploadId: string | null;
  type: TransformationType;
  options: TransformationOptions;
}

/**
 * Runs transformations and reports each step to the reducer. Every run can be cancelled
 * (result deleted, New transformation, leaving the page); a cancelled run reports nothing.
 */
export function useTransformationRuns(dispatch: Dispatch<WizardAction>, createObjectUrl: (blob: Blob) => string) {
  const controllers = useRef(new Map<string, AbortController>());

  const run = useCallback(
    async ({ resultId, file, uploadId, type, options }: RunInput): Promise<void> => {
      controllers.current.get(resultId)?.abort();
      const controller = new AbortController();
      controllers.current.set(resultId, controller);
      const { signal } = controller;
      try {
        const outcome = await runTransformation({
          file,
          uploadId,
          type,
          options,
          signal,
          onUploadProgress: (progress) => dispatch({ type: 'uploadProgressed', resultId, progress }),
          onUploaded: (id) => dispatch({ type: 'uploadCompleted', resultId, uploadId: id }),
          onStarted: (transformationId) => dispatch({ type: 'transformationStarted', resultId, transformationId }),
        });
        if (signal.aborted) return;
        dispatch({
          type: 'resultSucceeded',
          resultId,
          enhancedUrl: createObjectUrl(outcome.blob),
          simulated: outcome.simulated,
          creditBalance: outcome.creditBalance,
        });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        dispatch({ type: 'resultFailed', resultId, ...classifyFailure(error) });
      } finally {
        if (controllers.current.get(resultId) === controller) controllers.current.delete(resultId);
      }
    },
    [dispatch, createObjectUrl],
  );

  const cancel = useCallback((resultId: string) => {
    controllers.current.get(resultId)?.abort();
    controllers.current.delete(resultId);
  }, []);

  const cancelAll = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
  }, []);

  useEffect(() => cancelAll, [cancelAll]);

  return { run, cancel, cancelAll };
}
