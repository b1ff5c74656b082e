/**
 * The wizard's state and its pure reducer (spec 2.7, 3, 4, 5, 8). Side effects (uploads,
 * polling, saving, object URLs) live in the hooks; every rule about what may happen when lives here.
 */
import {
  DEFAULT_TRANSFORMATION_TYPE,
  type TransformationOptions,
  type TransformationType,
  VARIANT_LIMITS,
  WIZARD_TEXTS,
} from '@vitrine/shared';
import type { FileRefusal } from './file-acceptance';
import {
  buildTransformationOptions,
  DEFAULT_PARAMETERS,
  type TransformationParameters,
} from './transformation-options';

export type WizardStep = 'upload' | 'configure' | 'results';

/** A picked file and its preview (spec 3 'Local upload'; the preview is an object URL). */
export interface LocalUpload {
  id: string;
  file: File;
  previewUrl: string;
}

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** One result card (spec 3 'Local result entry'); `fileId` plays the role of originalFileIndex. */
export interface ResultEntry {
  id: string;
  fileId: string;
  fileName: string;
  originalPreview: string;
  outcome: ResultOutcome;
  /** Upload progress in percent while the file is sent, otherwise null. */
  uploadProgress: number | null;
  uploadId: string | null;
  transformationId: string | null;
  simulated: boolean;
  /** undefined = not saved; null = saved without a project; string = saved to that project. */
  savedToProjectId: string | null | undefined;
  saveState: SaveState;
  regenerating: boolean;
  /** Which run of the photo made it (1 = Start, then each rerun) and its place among the run's variants. */
  run: number;
  variant: number;
  variantCount: number;
  /** The options its run asked for: a regeneration asks for them again. */
  options: TransformationOptions;
}

/**
 * Where a result stands: being produced, done (an object URL of the result), or failed with the
 * French text shown on the card; `outOfCredits` marks the failure that stops the batch (spec 8).
 */
export type ResultOutcome =
  | { status: 'loading' }
  | { status: 'done'; url: string }
  /** `inputRejected`: the server refused the photo itself (not an image...): no regeneration (decision 094). */
  | { status: 'error'; message: string; outOfCredits: boolean; inputRejected?: boolean };

const LOADING: ResultOutcome = { status: 'loading' };

export type SaveTarget = { kind: 'one'; resultId: string } | { kind: 'all' };

export interface WizardState {
  step: WizardStep;
  files: LocalUpload[];
  type: TransformationType;
  parameters: TransformationParameters;
  /** Project chosen in the picker, or fixed by ?project=. */
  projectId: string | null;
  projectFixed: boolean;
  results: ResultEntry[];
  isProcessing: boolean;
  isSavingAll: boolean;
  /** Credits of the organization; undefined until the profile is loaded. */
  credits: number | undefined;
  /** Files refused at the last pick or drop, with the reason. */
  refusals: FileRefusal[];
  /** Error under the Continue button (no files). */
  formError: string | null;
  /** Page-level message of spec 8 (processing, credits, regeneration). */
  pageError: string | null;
  outOfCreditsOpen: boolean;
  /** The save choice dialog, open for one result or for Save all. */
  saveTarget: SaveTarget | null;
  /** Variants per photo of the next run (decision 065): each costs a credit once delivered. */
  variants: number;
  /** Photos left out of the next run, chosen when the credits do not cover them all. */
  excludedFileIds: string[];
  /** Runs started on these photos: Start, then each rerun from the results step. */
  runs: number;
  /**
   * Per file, a transformation whose stored original the server can reuse: reruns and
   * regenerations then send no upload (decision 066).
   */
  originals: Record<string, string>;
}

export function createInitialState(fixedProjectId: string | null = null): WizardState {
  return {
    step: 'upload',
    files: [],
    type: DEFAULT_TRANSFORMATION_TYPE,
    parameters: DEFAULT_PARAMETERS,
    projectId: fixedProjectId,
    projectFixed: fixedProjectId !== null,
    results: [],
    isProcessing: false,
    isSavingAll: false,
    credits: undefined,
    refusals: [],
    formError: null,
    pageError: null,
    outOfCreditsOpen: false,
    saveTarget: null,
    variants: VARIANT_LIMITS.default,
    excludedFileIds: [],
    runs: 0,
    originals: {},
  };
}

export type WizardAction =
  | { type: 'filesAdded'; files: LocalUpload[]; refusals: FileRefusal[] }
  | { type: 'fileRemoved'; fileId: string }
  | { type: 'projectChosen'; projectId: string | null }
  | { type: 'creditsSynced'; credits: number }
  | { type: 'continueRequested' }
  | { type: 'backRequested' }
  | { type: 'typeChosen'; transformationType: TransformationType }
  | { type: 'parametersChanged'; parameters: Partial<TransformationParameters> }
  | { type: 'variantsChosen'; variants: number }
  | { type: 'fileIncluded'; fileId: string; included: boolean }
  | { type: 'startRequested' }
  | { type: 'rerunRequested' }
  | { type: 'uploadProgressed'; resultId: string; progress: number }
  | { type: 'uploadCompleted'; resultId: string; uploadId: string }
  | { type: 'transformationStarted'; resultId: string; transformationId: string }
  | { type: 'resultSucceeded'; resultId: string; enhancedUrl: string; simulated: boolean; creditBalance?: number }
  | {
      type: 'resultFailed';
      resultId: string;
      serverMessage: string | null;
      isCreditsError: boolean;
      inputRejected?: boolean;
    }
  | { type: 'processingFinished' }
  | { type: 'regenerateRequested'; resultId: string }
  | { type: 'saveRequested'; resultId: string }
  | { type: 'saveAllRequested' }
  | { type: 'saveDialogClosed' }
  | { type: 'savesStarted'; resultIds: string[]; all: boolean }
  | { type: 'saveSucceeded'; resultId: string; projectId: string | null }
  | { type: 'saveFailed'; resultId: string }
  | { type: 'saveAllFinished' }
  | { type: 'resultDeleted'; resultId: string }
  | { type: 'outOfCreditsClosed' }
  | { type: 'pageErrorDismissed' }
  | { type: 'batchRestored'; results: RestoredResult[]; missing: number }
  | { type: 'reset' };

/** A result of the last batch read back from the server (its URLs are signed, not object URLs). */
export interface RestoredResult {
  transformationId: string;
  options: TransformationOptions;
  fileName: string;
  originalUrl: string;
  resultUrl: string;
  simulated: boolean;
}

// ---- Selectors: the rules the components and hooks ask about ----

export const hasCredits = (state: WizardState): boolean => state.credits !== undefined && state.credits > 0;

/** Spec 2.7: upload is disabled on configure or results; configure without files or on results; results only on results. */
export function tabAvailability(state: WizardState): Record<WizardStep, boolean> {
  return {
    upload: state.step === 'upload',
    configure: state.files.length > 0 && state.step !== 'results',
    results: state.step === 'results',
  };
}

export const isSucceeded = (result: ResultEntry): result is ResultEntry & { outcome: { status: 'done' } } =>
  result.outcome.status === 'done';

/** A result whose photo the server refused (decision 094): regenerating it would fail the same way. */
export const isInputRejected = (result: ResultEntry): boolean =>
  result.outcome.status === 'error' && result.outcome.inputRejected === true;

export const isRegenerating = (state: WizardState): boolean => state.results.some((result) => result.regenerating);

/** Why a regeneration cannot run, or null when it may (spec 5 and 8). */
export function regenerateBlocker(
  state: WizardState,
  resultId: string,
): 'busy' | 'inputRejected' | 'noCredits' | 'noFile' | null {
  if (state.isProcessing || isRegenerating(state)) return 'busy';
  const result = state.results.find((entry) => entry.id === resultId);
  if (!result) return 'busy';
  if (isInputRejected(result)) return 'inputRejected';
  if (!hasCredits(state)) return 'noCredits';
  if (!state.files.some((file) => file.id === result.fileId)) return 'noFile';
  return null;
}

/** Spec 4/5: saved, saving or regenerating results are ignored; with a project it saves directly. */
export function saveDecision(state: WizardState, resultId: string): 'ignore' | 'direct' | 'choose' {
  const result = state.results.find((entry) => entry.id === resultId);
  if (!result || !isSucceeded(result) || result.regenerating) return 'ignore';
  if (result.savedToProjectId !== undefined || result.saveState === 'saving') return 'ignore';
  return state.projectId ? 'direct' : 'choose';
}

/** Results Save all would save: succeeded, not saved and not being saved or regenerated. */
export function unsavedResults(state: WizardState): ResultEntry[] {
  return state.results.filter(
    (result) =>
      isSucceeded(result) &&
      !result.regenerating &&
      result.savedToProjectId === undefined &&
      result.saveState !== 'saving',
  );
}

/**
 * Results worth remembering across a reload: started (so charged once they succeed), not failed
 * and not saved. A result still running is included: it may succeed after the page is gone.
 */
export function rememberableResults(state: WizardState): { transformationId: string; fileName: string }[] {
  return state.results.flatMap((result) =>
    result.transformationId !== null && result.outcome.status !== 'error' && result.savedToProjectId === undefined
      ? [{ transformationId: result.transformationId, fileName: result.fileName }]
      : [],
  );
}

/** Results the user would lose by leaving: succeeded and not saved, or still running. */
export const hasUnsavedResults = (state: WizardState): boolean => rememberableResults(state).length > 0;

/** Spec 5: enabled only when some result is unsaved and nothing processes, regenerates or saves all. */
export function canSaveAll(state: WizardState): boolean {
  return !state.isProcessing && !isRegenerating(state) && !state.isSavingAll && unsavedResults(state).length > 0;
}

/** The photos the next run takes: every photo but those left out. */
export const runFiles = (state: WizardState): LocalUpload[] =>
  state.files.filter((file) => !state.excludedFileIds.includes(file.id));

/** What the next run costs: one credit per photo and variant, charged per delivered result (decision 065). */
export const runCost = (state: WizardState): number => runFiles(state).length * state.variants;

/** What running every photo would cost: more than the credits left, the wizard offers to choose photos. */
export const allFilesExceedCredits = (state: WizardState): boolean =>
  state.credits !== undefined && state.files.length * state.variants > state.credits;

/** True when the credits known are fewer than the next run would take. */
export const exceedsCredits = (state: WizardState): boolean =>
  state.credits !== undefined && runCost(state) > state.credits;

/**
 * Some credits, but fewer than the next run takes: the run is refused and the cost line says why.
 * Without any credit the spec's out-of-credits dialog answers instead.
 */
export const shortOfCredits = (state: WizardState): boolean => hasCredits(state) && exceedsCredits(state);

/** Start needs files, the configure step and credits for every variant; the hook runs the batch only when this holds. */
export const canStart = (state: WizardState): boolean =>
  state.step === 'configure' &&
  runFiles(state).length > 0 &&
  !state.isProcessing &&
  hasCredits(state) &&
  !exceedsCredits(state);

/** A rerun from the results step: the same photos, the options now chosen, nothing running. */
export const canRerun = (state: WizardState): boolean =>
  state.step === 'results' &&
  runFiles(state).length > 0 &&
  !state.isProcessing &&
  !isRegenerating(state) &&
  hasCredits(state) &&
  !exceedsCredits(state);

/** The result card id of a photo's variant in a run; the first run's first variant keeps the file's id. */
export const resultIdOf = (fileId: string, run: number, variant: number): string =>
  run === 1 && variant === 1 ? fileId : `${fileId}:${run}:${variant}`;

/** The result cards the next run adds, per photo, in the order its variants are started. */
export function nextRunPlan(state: WizardState): { file: LocalUpload; resultIds: string[] }[] {
  const run = state.runs + 1;
  return runFiles(state).map((file) => ({
    file,
    resultIds: Array.from({ length: state.variants }, (_, index) => resultIdOf(file.id, run, index + 1)),
  }));
}

/** The upload a photo was sent as, when one of its results knows it. */
export const uploadIdOf = (state: WizardState, fileId: string): string | null =>
  state.results.find((result) => result.fileId === fileId && result.uploadId !== null)?.uploadId ?? null;

// ---- Reducer ----

function updateResult(state: WizardState, resultId: string, patch: (result: ResultEntry) => Partial<ResultEntry>) {
  if (!state.results.some((result) => result.id === resultId)) return state;
  return {
    ...state,
    results: state.results.map((result) => (result.id === resultId ? { ...result, ...patch(result) } : result)),
  };
}

function loadingResult(
  file: LocalUpload,
  id: string,
  run: { run: number; variant: number; variantCount: number; options: TransformationOptions },
): ResultEntry {
  return {
    ...run,
    id,
    fileId: file.id,
    fileName: file.file.name,
    originalPreview: file.previewUrl,
    outcome: LOADING,
    uploadProgress: 0,
    uploadId: null,
    transformationId: null,
    simulated: false,
    savedToProjectId: undefined,
    saveState: 'idle',
    regenerating: false,
  };
}

/** The state with the next run's cards added (loading) and marked processing. */
function withNextRun(state: WizardState, step: WizardStep): WizardState {
  const run = state.runs + 1;
  const options = buildTransformationOptions(state.type, state.parameters);
  const added = nextRunPlan(state).flatMap(({ file, resultIds }) =>
    resultIds.map((id, index) => ({
      ...loadingResult(file, id, { run, variant: index + 1, variantCount: resultIds.length, options }),
      // A photo the server has already needs no upload: no progress bar.
      uploadProgress: state.originals[file.id] || uploadIdOf(state, file.id) ? null : 0,
    })),
  );
  return {
    ...state,
    step,
    runs: run,
    isProcessing: true,
    pageError: null,
    formError: null,
    results: [...state.results, ...added],
  };
}

/**
 * Spec 8: a credits error (told by its code) shows the spec's own text, whatever the server
 * said; other failures the generic one.
 */
function failureMessage(results: ResultEntry[]): string | null {
  const failed = results.flatMap((result) => (result.outcome.status === 'error' ? [result.outcome] : []));
  if (failed.some((outcome) => outcome.outOfCredits)) return WIZARD_TEXTS.creditsInterrupted;
  return failed.length > 0 ? WIZARD_TEXTS.someFailed : null;
}

/** The card's text; a credits failure says the spec's French, never the API's bilingual message. */
function cardError(fileName: string, serverMessage: string | null, isCreditsError: boolean): string {
  const detail = isCreditsError ? WIZARD_TEXTS.creditsInterrupted : serverMessage;
  return WIZARD_TEXTS.processingFailed(fileName) + (detail ? WIZARD_TEXTS.serverErrorSuffix(detail) : '');
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'filesAdded':
      if (state.step !== 'upload') return state;
      return {
        ...state,
        files: [...state.files, ...action.files],
        refusals: action.refusals,
        formError: action.files.length > 0 ? null : state.formError,
      };

    case 'fileRemoved':
      if (state.step !== 'upload') return state;
      // The refusals told about the last pick; once the user changes the list they are stale.
      return {
        ...state,
        files: state.files.filter((file) => file.id !== action.fileId),
        excludedFileIds: state.excludedFileIds.filter((id) => id !== action.fileId),
        refusals: [],
      };

    case 'projectChosen':
      return state.projectFixed ? state : { ...state, projectId: action.projectId };

    case 'creditsSynced':
      return { ...state, credits: action.credits };

    case 'continueRequested':
      if (state.step !== 'upload') return state;
      if (state.files.length === 0) return { ...state, formError: WIZARD_TEXTS.noFiles };
      if (!hasCredits(state)) return { ...state, outOfCreditsOpen: true };
      return { ...state, step: 'configure', formError: null };

    case 'backRequested':
      return state.step === 'configure' ? { ...state, step: 'upload' } : state;

    case 'typeChosen':
      return state.step === 'configure' ? { ...state, type: action.transformationType } : state;

    case 'parametersChanged':
      // On the results step too, for a rerun (decision 066), but not while a run uses them.
      return state.step === 'configure' || (state.step === 'results' && !state.isProcessing)
        ? { ...state, parameters: { ...state.parameters, ...action.parameters } }
        : state;

    case 'variantsChosen': {
      if (state.step === 'upload' || state.isProcessing) return state;
      const variants = Math.min(VARIANT_LIMITS.max, Math.max(VARIANT_LIMITS.min, Math.round(action.variants)));
      return { ...state, variants };
    }

    case 'fileIncluded': {
      if (state.step === 'upload' || state.isProcessing) return state;
      if (!state.files.some((file) => file.id === action.fileId)) return state;
      const others = state.excludedFileIds.filter((id) => id !== action.fileId);
      return { ...state, excludedFileIds: action.included ? others : [...others, action.fileId] };
    }

    case 'startRequested':
      if (state.step !== 'configure' || runFiles(state).length === 0 || state.isProcessing) return state;
      if (!hasCredits(state)) return { ...state, outOfCreditsOpen: true };
      // The cost line says why (the Start button is disabled meanwhile).
      if (exceedsCredits(state)) return state;
      return withNextRun(state, 'results');

    case 'rerunRequested':
      if (state.step !== 'results' || runFiles(state).length === 0 || state.isProcessing || isRegenerating(state)) {
        return state;
      }
      if (!hasCredits(state)) return { ...state, outOfCreditsOpen: true };
      if (exceedsCredits(state)) return state;
      return withNextRun(state, 'results');

    case 'uploadProgressed':
      return updateResult(state, action.resultId, () => ({
        uploadProgress: Math.max(0, Math.min(100, action.progress)),
      }));

    case 'uploadCompleted':
      return updateResult(state, action.resultId, () => ({ uploadProgress: null, uploadId: action.uploadId }));

    case 'transformationStarted':
      return updateResult(state, action.resultId, () => ({ transformationId: action.transformationId }));

    case 'resultSucceeded': {
      const succeeded = state.results.find((result) => result.id === action.resultId);
      const next = updateResult(state, action.resultId, () => ({
        outcome: { status: 'done', url: action.enhancedUrl },
        simulated: action.simulated,
        uploadProgress: null,
        regenerating: false,
      }));
      if (next === state) return state;
      // Spec 4: a success decrements the local credits; the server's balance wins when it is known.
      const credits = action.creditBalance ?? (state.credits === undefined ? undefined : state.credits - 1);
      // Its validated original is stored: the photo's next runs reuse it (decision 066).
      const source = succeeded?.transformationId;
      const originals =
        source && succeeded && !state.originals[succeeded.fileId]
          ? { ...state.originals, [succeeded.fileId]: source }
          : state.originals;
      return { ...next, credits, originals };
    }

    case 'resultFailed': {
      const wasRegenerating = state.results.find((result) => result.id === action.resultId)?.regenerating ?? false;
      const next = updateResult(state, action.resultId, (result) => ({
        outcome: {
          status: 'error',
          message: cardError(result.fileName, action.serverMessage, action.isCreditsError),
          outOfCredits: action.isCreditsError,
          inputRejected: action.inputRejected === true,
        },
        uploadProgress: null,
        regenerating: false,
      }));
      // A regeneration reports at once; a batch reports when it finishes.
      return wasRegenerating && next !== state ? { ...next, pageError: failureMessage(next.results) } : next;
    }

    case 'processingFinished':
      if (!state.isProcessing) return state;
      return { ...state, isProcessing: false, pageError: failureMessage(state.results) };

    case 'regenerateRequested': {
      const blocker = regenerateBlocker(state, action.resultId);
      if (blocker === 'busy' || blocker === 'inputRejected') return state;
      if (blocker === 'noCredits')
        return { ...state, outOfCreditsOpen: true, pageError: WIZARD_TEXTS.regenerateNoCredits };
      if (blocker === 'noFile') return { ...state, pageError: WIZARD_TEXTS.regenerateNoFile };
      return updateResult({ ...state, pageError: null }, action.resultId, () => ({
        outcome: LOADING,
        simulated: false,
        transformationId: null,
        savedToProjectId: undefined,
        saveState: 'idle',
        regenerating: true,
        uploadProgress: null,
      }));
    }

    case 'saveRequested':
      return saveDecision(state, action.resultId) === 'choose'
        ? { ...state, saveTarget: { kind: 'one', resultId: action.resultId } }
        : state;

    case 'saveAllRequested':
      return canSaveAll(state) && !state.projectId ? { ...state, saveTarget: { kind: 'all' } } : state;

    case 'saveDialogClosed':
      return { ...state, saveTarget: null };

    case 'savesStarted': {
      const ids = new Set(action.resultIds);
      return {
        ...state,
        saveTarget: null,
        isSavingAll: action.all || state.isSavingAll,
        results: state.results.map((result) => (ids.has(result.id) ? { ...result, saveState: 'saving' } : result)),
      };
    }

    case 'saveSucceeded':
      return updateResult(state, action.resultId, () => ({ saveState: 'saved', savedToProjectId: action.projectId }));

    case 'saveFailed':
      return updateResult(state, action.resultId, () => ({ saveState: 'failed' }));

    case 'saveAllFinished':
      return { ...state, isSavingAll: false };

    case 'resultDeleted': {
      const target = state.saveTarget;
      return {
        ...state,
        results: state.results.filter((result) => result.id !== action.resultId),
        saveTarget: target?.kind === 'one' && target.resultId === action.resultId ? null : target,
      };
    }

    case 'outOfCreditsClosed':
      return { ...state, outOfCreditsOpen: false };

    case 'pageErrorDismissed':
      return { ...state, pageError: null };

    case 'batchRestored':
      // Only into an untouched wizard: restoring must never replace photos or results on screen.
      if (state.step !== 'upload' || state.files.length > 0 || action.results.length === 0) return state;
      return {
        ...state,
        step: 'results',
        pageError: action.missing > 0 ? WIZARD_TEXTS.restorePartial(action.missing) : null,
        results: action.results.map((restored) => ({
          id: `restored-${restored.transformationId}`,
          fileId: `restored-${restored.transformationId}`,
          fileName: restored.fileName,
          originalPreview: restored.originalUrl,
          outcome: { status: 'done', url: restored.resultUrl },
          uploadProgress: null,
          uploadId: null,
          transformationId: restored.transformationId,
          simulated: restored.simulated,
          savedToProjectId: undefined,
          saveState: 'idle',
          regenerating: false,
          run: 1,
          variant: 1,
          variantCount: 1,
          options: restored.options,
        })),
      };

    case 'reset':
      // Everything goes back to its start, except a project fixed by the URL and the known credits.
      return { ...createInitialState(state.projectFixed ? state.projectId : null), credits: state.credits };
  }
}

/** Every object URL the state refers to; the hook revokes the ones that drop out. */
export function referencedObjectUrls(state: WizardState): Set<string> {
  const urls = new Set<string>();
  for (const file of state.files) urls.add(file.previewUrl);
  for (const result of state.results) {
    urls.add(result.originalPreview);
    if (isSucceeded(result)) urls.add(result.outcome.url);
  }
  return urls;
}
