/**
 * The reconciler against dynalite, with Step Functions' answers given per transformation: dead
 * executions are failed and refunded once, running ones are left alone, half-finished records are
 * settled or refunded and closed, and it may race itself and a late workflow step.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { reserveCredit } from '../credits/credits';
import { getImage, imageIdFor } from '../images/image-store';
import { saveDepsFor } from '../images/save-deps';
import { createProject } from '../projects/project-store';
import { createEndpoint } from '../webhooks/webhook-store';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import {
  createTransformation,
  getTransformation,
  markFailed,
  markProcessing,
  markSucceededAndCount,
  TransformationStateError,
} from '../transformations/transformation-store';
import { executionArn, reconcileTransformations, type ExecutionState, type ReconcilerDeps } from './reconciler';
import { complete } from './steps';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { organizationCredits } from './testing/organization-credits';

let table: LocalTable;
const T0 = new Date('2030-03-01T10:00:00.000Z');
const LATER = new Date(T0.getTime() + 10 * 60_000);
let executions: Record<string, ExecutionState | undefined>;
/** The objects a save re-tagged (the buckets are not under test here). */
let tagged: string[];

beforeAll(async () => {
  table = await startLocalTable('vitrine-reconciler-test');
});
afterAll(() => table.close());
beforeEach(() => {
  executions = {};
  tagged = [];
});

const at = (now: Date) => ({ ddb: table.ddb, tableName: table.tableName, now: () => now });
/** Complete without a project to save into touches no object. */
const noObjects = { putTags: undefined as never, uploadsBucket: 'u', resultsBucket: 'r' };
const reconcilerDeps = (now = LATER): ReconcilerDeps => ({
  ...at(now),
  describeExecution: async (id) => executions[id],
  save: saveDepsFor({
    ...at(now),
    buckets: { uploads: 'uploads', results: 'results' },
    putTags: async (bucket, key) => void tagged.push(`${bucket}/${key}`),
  }),
});
/** Only this test's organizations: the table is shared by the file's tests. */
const reconcile = (now = LATER, everyOpen = false) => reconcileTransformations(reconcilerDeps(now), { everyOpen });

let counter = 0;
/** An organization with 3 credits and one transformation, processing with its credit reserved. */
async function reservedTransformation(options: { reserve?: boolean; status?: 'queued' | 'processing' } = {}) {
  const n = ++counter;
  const ref = { orgId: `org-r${n}`, transformationId: `tx-r${n}` };
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.organization(ref.orgId), id: ref.orgId, name: 'Agence', creditBalance: 3, reservations: {} },
    }),
  );
  await createTransformation(at(T0), {
    id: ref.transformationId,
    orgId: ref.orgId,
    userId: 'user-1',
    type: 'enhance',
    options: {},
    uploadKey: `uploads/${ref.orgId}/up.jpg`,
    seed: 1,
  });
  if ((options.status ?? 'processing') === 'processing') await markProcessing(at(T0), ref.orgId, ref.transformationId);
  if (options.reserve ?? true) await reserveCredit(at(T0), ref.orgId, ref.transformationId);
  return ref;
}

const credits = (orgId: string) => organizationCredits(table, orgId);

const record = (ref: { orgId: string; transformationId: string }) =>
  getTransformation(at(LATER), ref.orgId, ref.transformationId);

describe('reconciler', () => {
  it('fails and refunds a transformation whose execution is gone, once, in French', async () => {
    const ref = await reservedTransformation();
    const logs = captureLogs();
    const report = await reconcile();
    logs.restore();

    expect(report).toMatchObject({ interrupted: 1, refunded: 1, closed: 1, errors: 0 });
    expect(await record(ref)).toMatchObject({
      status: 'failed',
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.interrupted,
    });
    // Out of the open list, into the organization's history (decision 090).
    expect((await record(ref))?.gsi1pk).toBe(gsi1Keys.transformationHistory(ref.orgId));
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
    expect(logs.lines.filter((line) => '_aws' in line)).toMatchObject([
      { CreditsRefunded: 1, transformationId: ref.transformationId },
      { TransformationsFailed: 1, reason: 'interrupted', type: 'enhance', transformationId: ref.transformationId },
    ]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 'WARN', message: 'Transformation interrupted', execution: 'missing' }),
    );

    // Closed: the next run does not see it again.
    expect(await reconcile()).toMatchObject({ checked: 0 });
  });

  it('leaves a running execution and a young transformation alone', async () => {
    const running = await reservedTransformation();
    executions[running.transformationId] = { status: 'RUNNING', startDate: T0 };
    const young = await reservedTransformation();

    // Two minutes after creation: within the start window, a missing execution may still come.
    expect(await reconcile(new Date(T0.getTime() + 2 * 60_000))).toMatchObject({ checked: 0 });
    expect(await record(young)).toMatchObject({ status: 'processing' });
    expect(await reconcile()).toMatchObject({ checked: 2, running: 1, interrupted: 1 });
    expect(await record(young)).toMatchObject({ status: 'failed' });
    expect(await record(running)).toMatchObject({ status: 'processing' });
    expect((await credits(running.orgId)).balance).toBe(2);
  });

  it('says a timed-out execution took too long, and fails one still running past its timeout', async () => {
    const timedOut = await reservedTransformation();
    executions[timedOut.transformationId] = { status: 'TIMED_OUT', startDate: T0 };
    const stuck = await reservedTransformation();
    executions[stuck.transformationId] = { status: 'RUNNING', startDate: T0 };

    await reconcile(new Date(T0.getTime() + 40 * 60_000));

    expect(await record(timedOut)).toMatchObject({ status: 'failed', message: TRANSFORMATION_MESSAGES.timedOut });
    expect(await record(stuck)).toMatchObject({ status: 'failed', message: TRANSFORMATION_MESSAGES.interrupted });
    expect((await credits(stuck.orgId)).balance).toBe(3);
  });

  it('fails a transformation whose execution never started, with nothing to refund', async () => {
    const ref = await reservedTransformation({ status: 'queued', reserve: false });
    await reconcile();
    expect(await record(ref)).toMatchObject({ status: 'failed', message: TRANSFORMATION_MESSAGES.interrupted });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: [] });
  });

  it('settles a succeeded transformation whose step died before settling: the charge stands', async () => {
    const ref = await reservedTransformation();
    await markSucceededAndCount(at(T0), ref.orgId, ref.transformationId);
    executions[ref.transformationId] = { status: 'SUCCEEDED', startDate: T0 };

    expect(await reconcile()).toMatchObject({ settled: 1, closed: 1, refunded: 0, interrupted: 0 });
    expect(await record(ref)).toMatchObject({ status: 'succeeded' });
    expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
  });

  it('refunds a failed transformation whose refund never ran, and closes it', async () => {
    const ref = await reservedTransformation();
    await markFailed(at(T0), ref.orgId, ref.transformationId, { code: 'ENGINE_FAILED', message: 'Échec.' });

    expect(await reconcile()).toMatchObject({ refunded: 1, closed: 1, interrupted: 0 });
    expect(await record(ref)).toMatchObject({ status: 'failed', message: 'Échec.' });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
  });

  it('refunds once and counts once when runs overlap', async () => {
    const ref = await reservedTransformation();
    const logs = captureLogs();
    const reports = await Promise.all([reconcile(), reconcile(), reconcile()]);
    logs.restore();

    expect(reports.reduce((sum, report) => sum + report.refunded, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.interrupted, 0)).toBe(1);
    expect(reports.every((report) => report.errors === 0)).toBe(true);
    expect(logs.lines.filter((line) => 'TransformationsFailed' in line)).toHaveLength(1);
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
  });

  it('never refunds a success: a late Complete first keeps it charged, after the reconciler it is refused', async () => {
    const completedFirst = await reservedTransformation();
    await complete({ ...at(LATER), ...noObjects }, completedFirst);
    const reconciledFirst = await reservedTransformation();
    await reconcile();

    expect(await record(completedFirst)).toMatchObject({ status: 'succeeded' });
    expect(await credits(completedFirst.orgId)).toMatchObject({ balance: 2, ledger: ['reserve:-1'] });

    await expect(complete({ ...at(LATER), ...noObjects }, reconciledFirst)).rejects.toBeInstanceOf(
      TransformationStateError,
    );
    expect(await record(reconciledFirst)).toMatchObject({ status: 'failed' });
    expect(await credits(reconciledFirst.orgId)).toMatchObject({ balance: 3 });
  });

  it('saves a success whose start named a project into it before settling it, as Complete would have (decision 122)', async () => {
    const ref = await reservedTransformation();
    const project = await createProject(at(T0), { orgId: ref.orgId, userId: 'user-1' }, { name: 'Mas' });
    await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.transformation(ref.orgId, ref.transformationId),
        UpdateExpression: 'SET projectId = :projectId, normalisedKey = :original, resultKey = :result',
        ExpressionAttributeValues: {
          ':projectId': project.id,
          ':original': `normalised/${ref.orgId}/o.jpg`,
          ':result': `results/${ref.orgId}/r.jpg`,
        },
      }),
    );
    // Complete recorded the success, then its execution died: neither saved nor settled.
    await markSucceededAndCount(at(T0), ref.orgId, ref.transformationId);

    expect(await reconcile()).toMatchObject({ settled: 1, closed: 1, errors: 0 });
    expect(await getImage(at(LATER), ref.orgId, imageIdFor(ref.transformationId, project.id))).toMatchObject({
      projectId: project.id,
      transformationId: ref.transformationId,
      userId: 'user-1',
    });
    expect(tagged.sort()).toEqual([`results/results/${ref.orgId}/r.jpg`, `uploads/normalised/${ref.orgId}/o.jpg`]);
    expect(await record(ref)).toMatchObject({ status: 'succeeded', savedAt: expect.any(String) });
    expect(await credits(ref.orgId)).toMatchObject({ balance: 2, reservations: [] });
  });

  it('tells the webhooks of the ends it writes, a failure and a success, once (decision 114)', async () => {
    const failed = await reservedTransformation();
    const succeeded = await reservedTransformation();
    await markSucceededAndCount(at(T0), succeeded.orgId, succeeded.transformationId);
    for (const ref of [failed, succeeded]) {
      await createEndpoint(
        at(T0),
        { orgId: ref.orgId, userId: 'user-1' },
        { url: 'https://crm.example.com/hooks', events: ['transformation.succeeded', 'transformation.failed'] },
      );
    }
    const queued: string[] = [];
    const sendToQueue = async (message: { body: string }) => {
      queued.push(JSON.parse(message.body).orgId as string);
      return `m-${queued.length}`;
    };

    const run = () => reconcileTransformations({ ...reconcilerDeps(), sendToQueue });
    expect(await run()).toMatchObject({ interrupted: 1, settled: 1, errors: 0 });
    expect(queued.sort()).toEqual([failed.orgId, succeeded.orgId].sort());
    const deliveries = await table.ddb.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': keys.organization(failed.orgId).pk, ':sk': SK_PREFIX.webhookDelivery },
      }),
    );
    expect(deliveries.Items).toMatchObject([{ eventType: 'transformation.failed', status: 'pending' }]);

    // Both are closed: a later run tells nothing again.
    expect(await run()).toMatchObject({ checked: 0 });
    expect(queued).toHaveLength(2);
  });

  it('takes every open transformation at start, whatever its age', async () => {
    const ref = await reservedTransformation();
    expect(await reconcile(new Date(T0.getTime() + 1000), true)).toMatchObject({ interrupted: 1 });
    expect(await record(ref)).toMatchObject({ status: 'failed' });
  });

  it('goes on with the others when one cannot be reconciled, and reports it', async () => {
    const broken = await reservedTransformation();
    const fine = await reservedTransformation();
    const deps = reconcilerDeps();
    const logs = captureLogs();
    const report = await reconcileTransformations({
      ...deps,
      describeExecution: async (id) => {
        if (id === broken.transformationId) throw new Error('throttled');
        return undefined;
      },
    });
    logs.restore();
    expect(report).toMatchObject({ errors: 1, interrupted: 1 });
    expect(await record(fine)).toMatchObject({ status: 'failed' });
    expect(await record(broken)).toMatchObject({ status: 'processing' });
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'Transformation not reconciled',
        transformationId: broken.transformationId,
      }),
    );
  });

  it('names executions as Step Functions does', () => {
    expect(executionArn('arn:aws:states:eu-west-3:123456789012:stateMachine:vitrine', 'tx-1')).toBe(
      'arn:aws:states:eu-west-3:123456789012:execution:vitrine:tx-1',
    );
  });
});
