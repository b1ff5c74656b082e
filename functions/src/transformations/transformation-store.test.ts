import { keys } from '../lib/keys';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import {
  createTransformation,
  getTransformation,
  markFailed,
  markProcessing,
  claimFailure,
  closeTransformation,
  listOpenTransformations,
  markSucceededAndCount,
  recordResult,
  recordValidatedImage,
  TransformationStateError,
  type TransformationDeps,
} from './transformation-store';

let table: LocalTable;
let deps: TransformationDeps;
beforeAll(async () => {
  table = await startLocalTable();
  deps = { ddb: table.ddb, tableName: table.tableName, now: () => new Date('2026-01-02T03:04:05.000Z') };
});
afterAll(() => table.close());

const base = {
  orgId: 'org-1',
  userId: 'user-1',
  type: 'sky-replacement' as const,
  options: { sky_type: 'sunset' },
  uploadId: 'up-1',
  uploadKey: 'uploads/org-1/up-1.jpg',
  seed: 3_141_592_653,
};

describe('transformation record', () => {
  it('goes queued -> processing -> succeeded with its images', async () => {
    await createTransformation(deps, { ...base, id: 'tx-1' });
    expect(await getTransformation(deps, 'org-1', 'tx-1')).toMatchObject({
      ...keys.transformation('org-1', 'tx-1'),
      status: 'queued',
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    // What StartProcessing puts in the state comes from this one write, no read after it.
    expect(await markProcessing(deps, 'org-1', 'tx-1')).toMatchObject({
      uploadKey: base.uploadKey,
      type: base.type,
      options: base.options,
    });
    await recordValidatedImage(deps, 'org-1', 'tx-1', { normalisedKey: 'n.jpg', width: 40, height: 30 });
    await recordResult(deps, 'org-1', 'tx-1', {
      resultKey: 'r.png',
      simulated: false,
      provider: 'bedrock',
      model: 'stability.stable-image-inpaint-v1:0',
      seed: 3_141_592_653,
    });
    await markSucceededAndCount(deps, 'org-1', 'tx-1');
    await markSucceededAndCount(deps, 'org-1', 'tx-1');
    expect(await getTransformation(deps, 'org-1', 'tx-1')).toMatchObject({
      status: 'succeeded',
      normalisedKey: 'n.jpg',
      resultKey: 'r.png',
      width: 40,
      height: 30,
      simulated: false,
      provider: 'bedrock',
      model: 'stability.stable-image-inpaint-v1:0',
      seed: 3_141_592_653,
    });
  });

  it('keeps a variant with its group and seed, and records only what the engine reported (decision 065)', async () => {
    await createTransformation(deps, {
      ...base,
      id: 'tx-v2',
      seed: 7,
      groupId: 'tx-v1',
      variant: 2,
      variantCount: 3,
      sourceTransformationId: 'tx-earlier',
    });
    expect(await getTransformation(deps, 'org-1', 'tx-v2')).toMatchObject({
      status: 'queued',
      seed: 7,
      groupId: 'tx-v1',
      variant: 2,
      variantCount: 3,
      sourceTransformationId: 'tx-earlier',
    });
    await markProcessing(deps, 'org-1', 'tx-v2');
    await recordResult(deps, 'org-1', 'tx-v2', { resultKey: 'r.png', simulated: true, provider: 'local', seed: 7 });
    const record = await getTransformation(deps, 'org-1', 'tx-v2');
    expect(record).toMatchObject({ provider: 'local', seed: 7, simulated: true });
    expect(record).not.toHaveProperty('model');
  });

  it('refuses to create the same id twice and is scoped to the organization', async () => {
    await createTransformation(deps, { ...base, id: 'tx-2' });
    await expect(createTransformation(deps, { ...base, id: 'tx-2' })).rejects.toThrow();
    expect(await getTransformation(deps, 'org-other', 'tx-2')).toBeUndefined();
  });

  it('never moves backwards, and failure keeps the code and French message without a result', async () => {
    await createTransformation(deps, { ...base, id: 'tx-3' });
    await expect(markSucceededAndCount(deps, 'org-1', 'tx-3')).rejects.toBeInstanceOf(TransformationStateError);
    await markProcessing(deps, 'org-1', 'tx-3');
    await recordResult(deps, 'org-1', 'tx-3', { resultKey: 'r.png', provider: 'local', simulated: false });
    await markFailed(deps, 'org-1', 'tx-3', { code: 'IMAGE_REJECTED', message: 'Échec.' });
    await expect(markProcessing(deps, 'org-1', 'tx-3')).rejects.toBeInstanceOf(TransformationStateError);
    const record = await getTransformation(deps, 'org-1', 'tx-3');
    expect(record).toMatchObject({ status: 'failed', code: 'IMAGE_REJECTED', message: 'Échec.' });
    expect(record?.resultKey).toBeUndefined();
  });

  it('does not create a record when marking a missing one', async () => {
    await expect(
      markFailed(deps, 'org-1', 'missing', { code: 'ENGINE_FAILED', message: 'Échec.' }),
    ).rejects.toBeInstanceOf(TransformationStateError);
    expect(await getTransformation(deps, 'org-1', 'missing')).toBeUndefined();
  });

  it('refuses a success once a failure is claimed, and a claim once it succeeded', async () => {
    await createTransformation(deps, { ...base, id: 'tx-claimed' });
    await markProcessing(deps, 'org-1', 'tx-claimed');
    await claimFailure(deps, 'org-1', 'tx-claimed');
    await expect(markSucceededAndCount(deps, 'org-1', 'tx-claimed')).rejects.toBeInstanceOf(TransformationStateError);
    await expect(markSucceededAndCount(deps, 'org-1', 'tx-claimed')).rejects.toBeInstanceOf(TransformationStateError);
    expect(await getTransformation(deps, 'org-1', 'tx-claimed')).toMatchObject({ status: 'processing' });

    await createTransformation(deps, { ...base, id: 'tx-done' });
    await markProcessing(deps, 'org-1', 'tx-done');
    await markSucceededAndCount(deps, 'org-1', 'tx-done');
    await expect(claimFailure(deps, 'org-1', 'tx-done')).rejects.toBeInstanceOf(TransformationStateError);
  });

  it('lists a transformation as open until it is closed, which only an ended one can be', async () => {
    await createTransformation(deps, { ...base, id: 'tx-open' });
    const open = async () =>
      (await listOpenTransformations(deps, '2999-01-01T00:00:00.000Z')).records.map((record) => record.id);
    expect(await open()).toContain('tx-open');
    expect((await listOpenTransformations(deps, '2026-01-02T03:04:05.000Z')).records).toEqual([]);
    await expect(closeTransformation(deps, 'org-1', 'tx-open')).rejects.toBeInstanceOf(TransformationStateError);
    await markFailed(deps, 'org-1', 'tx-open', { code: 'ENGINE_FAILED', message: 'Échec.' });
    await closeTransformation(deps, 'org-1', 'tx-open');
    await closeTransformation(deps, 'org-1', 'tx-open');
    expect(await open()).not.toContain('tx-open');
    expect(await getTransformation(deps, 'org-1', 'tx-open')).toMatchObject({ status: 'failed' });
  });
});
