/** Variants, their cost, and reruns from the results step (decisions 065, 066). */
import {
  allFilesExceedCredits,
  canRerun,
  canStart,
  createInitialState,
  exceedsCredits,
  nextRunPlan,
  runCost,
  shortOfCredits,
  uploadIdOf,
  wizardReducer,
  type LocalUpload,
  type WizardAction,
  type WizardState,
} from '../wizard-state';

function upload(id: string): LocalUpload {
  return { id, file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }), previewUrl: `blob:preview-${id}` };
}

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);

function configured(credits: number, variants: number): WizardState {
  return run(
    createInitialState(),
    { type: 'creditsSynced', credits },
    { type: 'filesAdded', files: [upload('a'), upload('b')], refusals: [] },
    { type: 'continueRequested' },
    { type: 'parametersChanged', parameters: { style: 'Modern' } },
    { type: 'variantsChosen', variants },
  );
}

/** Two photos, three variants each, all delivered; photo a's uploads are known. */
function delivered(): WizardState {
  let state = run(configured(10, 3), { type: 'startRequested' });
  for (const [index, result] of state.results.entries()) {
    state = run(
      state,
      { type: 'uploadCompleted', resultId: result.id, uploadId: `up-${result.fileId}` },
      { type: 'transformationStarted', resultId: result.id, transformationId: `tx-${index}` },
      { type: 'resultSucceeded', resultId: result.id, enhancedUrl: `blob:r${index}`, simulated: true },
    );
  }
  return run(state, { type: 'processingFinished' });
}

describe('photos chosen within the credits (issue 22)', () => {
  it('leaves out the photos unticked: the run costs and starts only the others', () => {
    const state = configured(1, 1);
    expect(allFilesExceedCredits(state)).toBe(true);
    expect(canStart(state)).toBe(false);
    const chosen = run(state, { type: 'fileIncluded', fileId: 'b', included: false });
    expect(runCost(chosen)).toBe(1);
    expect(canStart(chosen)).toBe(true);
    expect(nextRunPlan(chosen).map(({ file }) => file.id)).toEqual(['a']);
    const started = run(chosen, { type: 'startRequested' });
    expect(started.results.map((result) => result.fileId)).toEqual(['a']);
    // Ticked again, it counts again; none ticked, nothing starts.
    expect(runCost(run(chosen, { type: 'fileIncluded', fileId: 'b', included: true }))).toBe(2);
    const none = run(chosen, { type: 'fileIncluded', fileId: 'a', included: false });
    expect(canStart(none)).toBe(false);
    expect(run(none, { type: 'startRequested' })).toBe(none);
  });
});

describe('variants and their cost', () => {
  it('costs photos x variants and keeps the choice between 1 and 4', () => {
    const state = configured(10, 3);
    expect(runCost(state)).toBe(6);
    expect(run(state, { type: 'variantsChosen', variants: 9 }).variants).toBe(4);
    expect(run(state, { type: 'variantsChosen', variants: 0 }).variants).toBe(1);
  });

  it('refuses to start a run the credits left cannot pay for', () => {
    const state = configured(5, 3);
    expect(exceedsCredits(state)).toBe(true);
    expect(canStart(state)).toBe(false);
    expect(run(state, { type: 'startRequested' })).toBe(state);
    expect(canStart(run(state, { type: 'variantsChosen', variants: 2 }))).toBe(true);
  });

  it('adds one loading card per photo and variant, the first keeping the file id', () => {
    const state = run(configured(10, 3), { type: 'startRequested' });
    expect(
      state.results.map(({ id, fileId, run: runNumber, variant, variantCount }) => [
        id,
        fileId,
        runNumber,
        variant,
        variantCount,
      ]),
    ).toEqual([
      ['a', 'a', 1, 1, 3],
      ['a:1:2', 'a', 1, 2, 3],
      ['a:1:3', 'a', 1, 3, 3],
      ['b', 'b', 1, 1, 3],
      ['b:1:2', 'b', 1, 2, 3],
      ['b:1:3', 'b', 1, 3, 3],
    ]);
    expect(state.results[0]!.options).toEqual({
      style: 'Modern',
      roomType: 'Living Room',
      changeFloor: false,
      repaintWalls: false,
    });
  });

  it('takes one credit per delivered variant', () => {
    expect(delivered().credits).toBe(4);
  });
});

describe('a rerun from the results step', () => {
  it('remembers per photo a transformation whose stored original the next runs reuse', () => {
    const state = delivered();
    expect(state.originals).toEqual({ a: 'tx-0', b: 'tx-3' });
    expect(uploadIdOf(state, 'a')).toBe('up-a');
  });

  it('lets the options change on the results step, then appends the new run without an upload bar', () => {
    let state = delivered();
    state = run(
      state,
      { type: 'parametersChanged', parameters: { style: 'Industrial', repaintWalls: true } },
      { type: 'variantsChosen', variants: 2 },
    );
    expect(canRerun(state)).toBe(true);
    expect(nextRunPlan(state).map(({ resultIds }) => resultIds)).toEqual([
      ['a:2:1', 'a:2:2'],
      ['b:2:1', 'b:2:2'],
    ]);
    state = run(state, { type: 'rerunRequested' });
    expect(state.isProcessing).toBe(true);
    expect(state.results).toHaveLength(10);
    const added = state.results.slice(6);
    expect(added.every((result) => result.outcome.status === 'loading' && result.uploadProgress === null)).toBe(true);
    expect(added[0]!.options).toMatchObject({ style: 'Industrial', repaintWalls: true });
    // The earlier results stay, to compare and keep.
    expect(state.results.slice(0, 6).every((result) => result.outcome.status === 'done')).toBe(true);
    // Nothing changes while the run goes on.
    expect(run(state, { type: 'parametersChanged', parameters: { style: 'Modern' } }).parameters.style).toBe(
      'Industrial',
    );
    expect(run(state, { type: 'rerunRequested' })).toBe(state);
  });

  it('opens the out-of-credits dialog without credits, and waits for enough for every variant', () => {
    const broke = run(delivered(), { type: 'creditsSynced', credits: 0 });
    expect(run(broke, { type: 'rerunRequested' }).outOfCreditsOpen).toBe(true);
    expect(shortOfCredits(broke)).toBe(false);
    const short = run(delivered(), { type: 'creditsSynced', credits: 5 });
    expect(shortOfCredits(short)).toBe(true);
    expect(canRerun(short)).toBe(false);
    expect(run(short, { type: 'rerunRequested' })).toBe(short);
  });
});
