import { WIZARD_TEXTS } from '@vitrine/shared';
import {
  canSaveAll,
  canStart,
  createInitialState,
  referencedObjectUrls,
  regenerateBlocker,
  saveDecision,
  tabAvailability,
  unsavedResults,
  wizardReducer,
  type LocalUpload,
  type WizardAction,
  type WizardState,
} from '../wizard-state';
import { DEFAULT_PARAMETERS } from '../transformation-options';

function upload(id: string, name = `${id}.jpg`): LocalUpload {
  return { id, file: new File(['x'], name, { type: 'image/jpeg' }), previewUrl: `blob:preview-${id}` };
}

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

/** Two files, 10 credits, on the results step with both still loading. */
function processing(projectId: string | null = null): WizardState {
  return run(
    createInitialState(projectId),
    { type: 'creditsSynced', credits: 10 },
    { type: 'filesAdded', files: [upload('a', 'salon.jpg'), upload('b', 'facade.png')], refusals: [] },
    { type: 'continueRequested' },
    { type: 'startRequested' },
  );
}

/** Both results succeeded and the batch is over. */
function finished(projectId: string | null = null): WizardState {
  return run(
    processing(projectId),
    { type: 'resultSucceeded', resultId: 'a', enhancedUrl: 'blob:result-a', simulated: false, creditBalance: 9 },
    { type: 'resultSucceeded', resultId: 'b', enhancedUrl: 'blob:result-b', simulated: true, creditBalance: 8 },
    { type: 'processingFinished' },
  );
}

describe('step 1: files and Continue', () => {
  it('starts on upload with the spec defaults', () => {
    const state = createInitialState();
    expect(state.step).toBe('upload');
    expect(state.type).toBe('virtual-staging');
    expect(state.parameters).toEqual(DEFAULT_PARAMETERS);
    expect(state.projectFixed).toBe(false);
  });

  it('refuses Continue without files with the spec message', () => {
    const state = run(createInitialState(), { type: 'creditsSynced', credits: 5 }, { type: 'continueRequested' });
    expect(state.step).toBe('upload');
    expect(state.formError).toBe('Veuillez ajouter des images avant de continuer.');
  });

  it('opens the out-of-credits dialog instead of continuing when credits are 0 or below', () => {
    for (const credits of [0, -2]) {
      const state = run(
        createInitialState(),
        { type: 'creditsSynced', credits },
        { type: 'filesAdded', files: [upload('a')], refusals: [] },
        { type: 'continueRequested' },
      );
      expect(state.step).toBe('upload');
      expect(state.outOfCreditsOpen).toBe(true);
    }
  });

  it('continues to configure with files and credits, and Back returns to upload', () => {
    const configure = run(
      createInitialState(),
      { type: 'creditsSynced', credits: 1 },
      { type: 'filesAdded', files: [upload('a')], refusals: [] },
      { type: 'continueRequested' },
    );
    expect(configure.step).toBe('configure');
    expect(run(configure, { type: 'backRequested' }).step).toBe('upload');
  });

  it('keeps the refusals of the last pick', () => {
    const refusal = {
      fileName: 'notes.txt',
      message: 'Format non pris en charge. Formats acceptés\u00A0: JPG, PNG, WEBP.',
    };
    const state = run(createInitialState(), { type: 'filesAdded', files: [upload('a')], refusals: [refusal] });
    expect(state.refusals).toEqual([refusal]);
    expect(run(state, { type: 'filesAdded', files: [upload('b')], refusals: [] }).refusals).toEqual([]);
  });

  it('adds and removes files only on the upload step', () => {
    let state = run(createInitialState(), { type: 'filesAdded', files: [upload('a'), upload('b')], refusals: [] });
    state = run(state, { type: 'fileRemoved', fileId: 'a' });
    expect(state.files.map((file) => file.id)).toEqual(['b']);
    const onConfigure = run(state, { type: 'creditsSynced', credits: 3 }, { type: 'continueRequested' });
    expect(run(onConfigure, { type: 'fileRemoved', fileId: 'b' }).files).toHaveLength(1);
  });

  it('keeps a project fixed by the URL, and lets the picker choose otherwise', () => {
    expect(run(createInitialState('p1'), { type: 'projectChosen', projectId: 'p2' }).projectId).toBe('p1');
    expect(run(createInitialState(), { type: 'projectChosen', projectId: 'p2' }).projectId).toBe('p2');
  });
});

describe('tab locking (spec 2.7)', () => {
  it('on upload: upload enabled, configure only with files, results disabled', () => {
    const empty = createInitialState();
    expect(tabAvailability(empty)).toEqual({ upload: true, configure: false, results: false });
    const withFiles = run(empty, { type: 'filesAdded', files: [upload('a')], refusals: [] });
    expect(tabAvailability(withFiles)).toEqual({ upload: true, configure: true, results: false });
  });

  it('on configure: upload disabled; on results: only results enabled', () => {
    const state = processing();
    expect(tabAvailability(state)).toEqual({ upload: false, configure: false, results: true });
    const configure = run(
      createInitialState(),
      { type: 'creditsSynced', credits: 1 },
      { type: 'filesAdded', files: [upload('a')], refusals: [] },
      { type: 'continueRequested' },
    );
    expect(tabAvailability(configure)).toEqual({ upload: false, configure: true, results: false });
  });
});

describe('step 2: options and Start', () => {
  it('changes the type and parameters', () => {
    const state = run(
      createInitialState(),
      { type: 'creditsSynced', credits: 1 },
      { type: 'filesAdded', files: [upload('a')], refusals: [] },
      { type: 'continueRequested' },
      { type: 'typeChosen', transformationType: 'sky-replacement' },
      { type: 'parametersChanged', parameters: { skyType: 'night' } },
    );
    expect(state.type).toBe('sky-replacement');
    expect(state.parameters.skyType).toBe('night');
    expect(state.parameters.style).toBe('Scandinavian');
  });

  it('creates one loading result per file on Start', () => {
    const state = processing();
    expect(state.step).toBe('results');
    expect(state.isProcessing).toBe(true);
    expect(state.results.map((result) => [result.fileName, result.outcome, result.uploadProgress])).toEqual([
      ['salon.jpg', { status: 'loading' }, 0],
      ['facade.png', { status: 'loading' }, 0],
    ]);
  });

  it('opens the out-of-credits dialog instead of starting when credits ran out meanwhile', () => {
    const configure = run(
      createInitialState(),
      { type: 'creditsSynced', credits: 1 },
      { type: 'filesAdded', files: [upload('a')], refusals: [] },
      { type: 'continueRequested' },
      { type: 'creditsSynced', credits: 0 },
    );
    expect(canStart(configure)).toBe(false);
    const state = run(configure, { type: 'startRequested' });
    expect(state.step).toBe('configure');
    expect(state.outOfCreditsOpen).toBe(true);
  });
});

describe('step 3: processing', () => {
  it('tracks upload progress, clamped to 0..100', () => {
    const state = run(processing(), { type: 'uploadProgressed', resultId: 'a', progress: 140 });
    expect(state.results[0]?.uploadProgress).toBe(100);
    expect(run(state, { type: 'uploadCompleted', resultId: 'a', uploadId: 'u1' }).results[0]).toMatchObject({
      uploadProgress: null,
      uploadId: 'u1',
    });
  });

  it('shows each result and takes the credits from the server, or decrements them locally', () => {
    const state = finished();
    expect(state.results.map((result) => result.outcome)).toEqual([
      { status: 'done', url: 'blob:result-a' },
      { status: 'done', url: 'blob:result-b' },
    ]);
    expect(state.results[1]?.simulated).toBe(true);
    expect(state.credits).toBe(8);
    expect(state.pageError).toBeNull();
    const local = run(processing(), {
      type: 'resultSucceeded',
      resultId: 'a',
      enhancedUrl: 'blob:r',
      simulated: false,
    });
    expect(local.credits).toBe(9);
  });

  it('shows the card error with the server message and the generic page message at the end', () => {
    const state = run(
      processing(),
      { type: 'resultFailed', resultId: 'a', serverMessage: 'Aucun ciel détecté.', isCreditsError: false },
      { type: 'resultFailed', resultId: 'b', serverMessage: null, isCreditsError: false },
    );
    expect(state.pageError).toBeNull();
    expect(state.results.map((result) => result.outcome)).toEqual([
      {
        status: 'error',
        message: 'Échec de la transformation de salon.jpg. Erreur: Aucun ciel détecté.',
        outOfCredits: false,
        inputRejected: false,
      },
      {
        status: 'error',
        message: 'Échec de la transformation de facade.png.',
        outOfCredits: false,
        inputRejected: false,
      },
    ]);
    const done = run(state, { type: 'processingFinished' });
    expect(done.isProcessing).toBe(false);
    expect(done.pageError).toBe("Certaines images n'ont pas pu être traitées. Veuillez vérifier les résultats.");
  });

  it("shows the spec's credits text, not the server's, when credits ran out", () => {
    const state = run(
      processing(),
      { type: 'resultFailed', resultId: 'a', serverMessage: 'Solde épuisé.', isCreditsError: true },
      { type: 'resultFailed', resultId: 'b', serverMessage: 'Aucun ciel détecté.', isCreditsError: false },
      { type: 'processingFinished' },
    );
    expect(state.pageError).toBe('Traitement interrompu\u00A0: crédits insuffisants.');
    expect(state.results[0]?.outcome).toMatchObject({
      status: 'error',
      outOfCredits: true,
      // The card too says the spec's French, not the server's words (issue 22).
      message: 'Échec de la transformation de salon.jpg. Erreur: Traitement interrompu\u00A0: crédits insuffisants.',
    });
  });

  it('offers no regeneration of a photo the server refused as input (decision 094)', () => {
    const state = run(
      processing(),
      {
        type: 'resultFailed',
        resultId: 'a',
        serverMessage: "Le fichier n'est pas une image JPG, PNG ou WEBP valide.",
        isCreditsError: false,
        inputRejected: true,
      },
      { type: 'resultFailed', resultId: 'b', serverMessage: null, isCreditsError: false },
      { type: 'processingFinished' },
    );
    expect(regenerateBlocker(state, 'a')).toBe('inputRejected');
    expect(regenerateBlocker(state, 'b')).toBeNull();
    expect(run(state, { type: 'regenerateRequested', resultId: 'a' })).toBe(state);
  });

  it('ignores events of a result that was deleted', () => {
    const state = run(processing(), { type: 'resultDeleted', resultId: 'a' });
    expect(run(state, { type: 'resultSucceeded', resultId: 'a', enhancedUrl: 'blob:x', simulated: false })).toBe(state);
  });
});

describe('regenerate (spec 4, 5, 8)', () => {
  it('is ignored while processing', () => {
    const state = processing();
    expect(regenerateBlocker(state, 'a')).toBe('busy');
    expect(run(state, { type: 'regenerateRequested', resultId: 'a' })).toBe(state);
  });

  it('sets the result loading and clears its saved state', () => {
    const saved = run(finished(), { type: 'saveSucceeded', resultId: 'a', projectId: null });
    const state = run(saved, { type: 'regenerateRequested', resultId: 'a' });
    expect(state.results[0]).toMatchObject({
      outcome: { status: 'loading' },
      savedToProjectId: undefined,
      saveState: 'idle',
      regenerating: true,
    });
    expect(regenerateBlocker(state, 'b')).toBe('busy');
  });

  it('refuses without credits: dialog and message', () => {
    const state = run(
      finished(),
      { type: 'creditsSynced', credits: 0 },
      { type: 'regenerateRequested', resultId: 'a' },
    );
    expect(state.outOfCreditsOpen).toBe(true);
    expect(state.pageError).toBe('Crédits insuffisants pour régénérer.');
    expect(state.results[0]?.outcome).toEqual({ status: 'done', url: 'blob:result-a' });
  });

  it('reports a failed regeneration at once', () => {
    const state = run(
      finished(),
      { type: 'regenerateRequested', resultId: 'a' },
      { type: 'resultFailed', resultId: 'a', serverMessage: 'x', isCreditsError: false },
    );
    expect(state.pageError).toBe(WIZARD_TEXTS.someFailed);
    expect(state.results[0]?.regenerating).toBe(false);
  });
});

describe('save and Save all (spec 4, 5)', () => {
  it('opens the choice dialog without a project, and saves directly with one', () => {
    const state = run(finished(), { type: 'saveRequested', resultId: 'a' });
    expect(saveDecision(finished(), 'a')).toBe('choose');
    expect(state.saveTarget).toEqual({ kind: 'one', resultId: 'a' });
    expect(saveDecision(finished('p1'), 'a')).toBe('direct');
    expect(run(finished('p1'), { type: 'saveRequested', resultId: 'a' }).saveTarget).toBeNull();
  });

  it('ignores saving a loading, failed, saving or saved result', () => {
    expect(saveDecision(processing(), 'a')).toBe('ignore');
    const saving = run(finished(), { type: 'savesStarted', resultIds: ['a'], all: false });
    expect(saving.results[0]?.saveState).toBe('saving');
    expect(saveDecision(saving, 'a')).toBe('ignore');
    const saved = run(saving, { type: 'saveSucceeded', resultId: 'a', projectId: 'p1' });
    expect(saved.results[0]).toMatchObject({ saveState: 'saved', savedToProjectId: 'p1' });
    expect(saveDecision(saved, 'a')).toBe('ignore');
    const failed = run(saving, { type: 'saveFailed', resultId: 'a' });
    expect(saveDecision(failed, 'a')).toBe('choose');
  });

  it('enables Save all only when something is unsaved and nothing runs', () => {
    expect(canSaveAll(processing())).toBe(false);
    const state = finished();
    expect(canSaveAll(state)).toBe(true);
    const savingAll = run(state, { type: 'savesStarted', resultIds: ['a', 'b'], all: true });
    expect(savingAll.isSavingAll).toBe(true);
    expect(canSaveAll(savingAll)).toBe(false);
    const allSaved = run(
      savingAll,
      { type: 'saveSucceeded', resultId: 'a', projectId: null },
      { type: 'saveSucceeded', resultId: 'b', projectId: null },
      { type: 'saveAllFinished' },
    );
    expect(unsavedResults(allSaved)).toEqual([]);
    expect(canSaveAll(allSaved)).toBe(false);
    const regenerating = run(state, { type: 'regenerateRequested', resultId: 'a' });
    expect(canSaveAll(regenerating)).toBe(false);
  });

  it('opens the Save all dialog only without a project', () => {
    expect(run(finished(), { type: 'saveAllRequested' }).saveTarget).toEqual({ kind: 'all' });
    expect(run(finished('p1'), { type: 'saveAllRequested' }).saveTarget).toBeNull();
  });
});

describe('delete, reset and object URLs', () => {
  it('deleting a result drops its URL and the dialog that pointed at it', () => {
    const opened = run(finished(), { type: 'saveRequested', resultId: 'a' });
    const state = run(opened, { type: 'resultDeleted', resultId: 'a' });
    expect(state.results.map((result) => result.id)).toEqual(['b']);
    expect(state.saveTarget).toBeNull();
    expect(referencedObjectUrls(state).has('blob:result-a')).toBe(false);
    expect(referencedObjectUrls(state).has('blob:preview-a')).toBe(true);
  });

  it('New transformation clears files and results, keeps credits and a fixed project', () => {
    const state = run(finished('p1'), { type: 'reset' });
    expect(state).toEqual({ ...createInitialState('p1'), credits: 8 });
    expect(referencedObjectUrls(state).size).toBe(0);
    const picked = run(createInitialState(), { type: 'projectChosen', projectId: 'p2' }, { type: 'reset' });
    expect(picked.projectId).toBeNull();
  });

  it('lists every object URL the state refers to: previews, and results once done', () => {
    expect([...referencedObjectUrls(processing())].sort()).toEqual(['blob:preview-a', 'blob:preview-b']);
    expect([...referencedObjectUrls(finished())].sort()).toEqual([
      'blob:preview-a',
      'blob:preview-b',
      'blob:result-a',
      'blob:result-b',
    ]);
  });
});
