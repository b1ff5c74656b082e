import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useUser } from '../../../lib/session';
import { acceptFiles, withoutDuplicates } from '../file-acceptance';
import { buildTransformationOptions, type TransformationParameters } from '../transformation-options';
import {
  canRerun,
  canSaveAll,
  canStart,
  createInitialState,
  nextRunPlan,
  referencedObjectUrls,
  regenerateBlocker,
  saveDecision,
  unsavedResults,
  uploadIdOf,
  wizardReducer,
  type LocalUpload,
  type WizardStep,
} from '../wizard-state';
import { WIZARD_TEXTS, type TransformationType } from '@vitrine/shared';
import { useObjectUrls } from './use-object-urls';
import { useSaveResults } from './use-save-results';
import { useLastBatch } from './use-last-batch';
import { useTransformationRuns } from './use-transformation-runs';

/**
 * The wizard: its reducer plus every side effect (previews, uploads, polling, saving, credits).
 * Components get the state and intention-named actions, nothing else.
 */
export function useUploadWizard(fixedProjectId: string | null) {
  const [state, dispatch] = useReducer(wizardReducer, fixedProjectId, createInitialState);
  const referenced = useMemo(() => referencedObjectUrls(state), [state]);
  const createObjectUrl = useObjectUrls(referenced);
  const runs = useTransformationRuns(dispatch, createObjectUrl);
  const saveResults = useSaveResults(dispatch);
  const { data: user, mutate: revalidateUser } = useUser();
  const nextFileId = useRef(0);
  const lastBatch = useLastBatch(state, dispatch, user?.id);

  const serverCredits = user ? (user.organization?.creditBalance ?? 0) : undefined;
  useEffect(() => {
    if (serverCredits !== undefined) dispatch({ type: 'creditsSynced', credits: serverCredits });
  }, [serverCredits]);

  const addFiles = async (picked: Iterable<File>) => {
    const { accepted, refusals } = await acceptFiles(picked);
    const { unique, duplicates } = withoutDuplicates(
      accepted,
      state.files.map((upload) => upload.file),
      WIZARD_TEXTS.duplicateFile,
    );
    const files: LocalUpload[] = unique.map((file) => ({
      id: `file-${++nextFileId.current}`,
      file,
      previewUrl: createObjectUrl(file),
    }));
    dispatch({ type: 'filesAdded', files, refusals: [...refusals, ...duplicates] });
  };

  /** Runs the next run's variants of every photo; a photo the server has already is not sent again. */
  const runNext = async () => {
    const options = buildTransformationOptions(state.type, state.parameters);
    await Promise.allSettled(
      nextRunPlan(state).map(({ file, resultIds }) =>
        runs.run({
          resultIds,
          file: file.file,
          uploadId: uploadIdOf(state, file.id),
          sourceTransformationId: state.originals[file.id] ?? null,
          type: state.type,
          options,
        }),
      ),
    );
    dispatch({ type: 'processingFinished' });
    void revalidateUser();
  };

  const start = async () => {
    dispatch({ type: 'startRequested' });
    if (canStart(state)) await runNext();
  };

  /** From the results step: the same photos with the options now chosen, without a new upload (decision 066). */
  const rerun = async () => {
    dispatch({ type: 'rerunRequested' });
    if (canRerun(state)) await runNext();
  };

  const regenerate = async (resultId: string) => {
    const blocker = regenerateBlocker(state, resultId);
    dispatch({ type: 'regenerateRequested', resultId });
    const result = state.results.find((entry) => entry.id === resultId);
    const upload = state.files.find((file) => file.id === result?.fileId);
    if (blocker !== null || !result || !upload) return;
    // Same photo, options and type as the card's run; a new transformation, so a new seed (decision 065).
    await runs.run({
      resultIds: [resultId],
      file: upload.file,
      uploadId: result.uploadId ?? uploadIdOf(state, result.fileId),
      sourceTransformationId: state.originals[result.fileId] ?? null,
      type: state.type,
      options: result.options,
    });
    void revalidateUser();
  };

  const save = (resultId: string) => {
    const decision = saveDecision(state, resultId);
    const result = state.results.find((entry) => entry.id === resultId);
    if (decision === 'direct' && result) void saveResults([result], state.projectId, false);
    else dispatch({ type: 'saveRequested', resultId });
  };

  const saveAll = () => {
    if (!canSaveAll(state)) return;
    if (state.projectId) void saveResults(unsavedResults(state), state.projectId, true);
    else dispatch({ type: 'saveAllRequested' });
  };

  /** The choice made in the save dialog: a project id, or null for no project. */
  const saveToChoice = (projectId: string | null) => {
    const target = state.saveTarget;
    if (!target) return;
    if (target.kind === 'all') {
      void saveResults(unsavedResults(state), projectId, true);
      return;
    }
    const result = state.results.find((entry) => entry.id === target.resultId);
    if (result) void saveResults([result], projectId, false);
    else dispatch({ type: 'saveDialogClosed' });
  };

  const deleteResult = (resultId: string) => {
    runs.cancel(resultId);
    dispatch({ type: 'resultDeleted', resultId });
  };

  const startOver = () => {
    runs.cancelAll();
    lastBatch.release();
    dispatch({ type: 'reset' });
  };

  const goToStep = (step: WizardStep) => {
    if (step === 'configure' && state.step === 'upload') dispatch({ type: 'continueRequested' });
    if (step === 'upload' && state.step === 'configure') dispatch({ type: 'backRequested' });
  };

  return {
    state,
    lastBatch: { remembered: lastBatch.remembered, restoring: lastBatch.restoring, restore: lastBatch.restore },
    addFiles: (picked: Iterable<File>) => void addFiles(picked),
    removeFile: (fileId: string) => dispatch({ type: 'fileRemoved', fileId }),
    chooseProject: (projectId: string | null) => dispatch({ type: 'projectChosen', projectId }),
    continueToConfigure: () => dispatch({ type: 'continueRequested' }),
    backToUpload: () => dispatch({ type: 'backRequested' }),
    goToStep,
    chooseType: (transformationType: TransformationType) => dispatch({ type: 'typeChosen', transformationType }),
    changeParameters: (parameters: Partial<TransformationParameters>) =>
      dispatch({ type: 'parametersChanged', parameters }),
    chooseVariants: (variants: number) => dispatch({ type: 'variantsChosen', variants }),
    includeFile: (fileId: string, included: boolean) => dispatch({ type: 'fileIncluded', fileId, included }),
    start: () => void start(),
    rerun: () => void rerun(),
    regenerate: (resultId: string) => void regenerate(resultId),
    save,
    saveAll,
    saveToChoice,
    closeSaveDialog: () => dispatch({ type: 'saveDialogClosed' }),
    deleteResult,
    startOver,
    closeOutOfCredits: () => dispatch({ type: 'outOfCreditsClosed' }),
    dismissPageError: () => dispatch({ type: 'pageErrorDismissed' }),
  };
}

export type UploadWizard = ReturnType<typeof useUploadWizard>;
