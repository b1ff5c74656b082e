/**
 * The real transformation.asl.json run by aws-local-stepfunctions, each Task served by the real
 * step implementations against dynalite and s3rver: the happy path, each Catch and each Retry.
 */
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import {
  encodeJpeg,
  houseScene,
  renderDarkRoom,
  renderHouseScene,
  renderInterior,
} from '../engines/fixtures/synthetic-photos';
import { renderRoom, roomGeometry } from '../engines/fixtures/synthetic-room';
import { bedrockInvokeModel } from '../engines/bedrock/invoke-model';
import { StabilityBedrockProvider } from '../engines/bedrock/stability-provider';
import { STABILITY_MODEL_IDS } from '../engines/bedrock/stability-request';
import { GenerativeEngine, retrySeed } from '../engines/generative/generative-engine';
import { LocalEngine } from '../engines/local/local-engine';
import { startImageSimulator } from '../engines/simulator/image-simulator';
import { TransientEngineError, type ImageEngine } from '../engines/types';
import { getUrlSigner } from '../lib/aws/presign-get';
import { s3Objects, type PutObjectOptions } from '../lib/aws/s3-objects';
import { gsi1Keys, keys } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import { reserveCredit } from '../credits/credits';
import { createTransformation, getTransformation, markFailed } from '../transformations/transformation-store';
import { TransientError } from './errors';
import { reconcileTransformations } from './reconciler';
import { runStep } from './run-step';
import type { WorkflowDeps } from './steps';
import { badImages } from './testing/bad-images';
import { startLocalBuckets, startLocalTable, type LocalBuckets, type LocalTable } from '../testing/local-aws';
import { organizationCredits } from './testing/organization-credits';
import { runTransformationWorkflow } from './testing/local-step-functions';
import { withLambdaTimeout, type Invocation } from './testing/lambda-timeout';

let table: LocalTable;
let buckets: LocalBuckets;
let deps: WorkflowDeps;
const localEngine: ImageEngine = new LocalEngine();
let engine: ImageEngine = localEngine;

beforeAll(async () => {
  [table, buckets] = await Promise.all([startLocalTable(), startLocalBuckets()]);
  deps = {
    ddb: table.ddb,
    tableName: table.tableName,
    objects: s3Objects({ ...buckets.access, sign: getUrlSigner(buckets.access) }),
    uploadsBucket: buckets.uploadsBucket,
    resultsBucket: buckets.resultsBucket,
    engineFor: () => engine,
  };
});
afterAll(async () => {
  await Promise.all([table.close(), buckets.close()]);
});
afterEach(() => {
  engine = localEngine;
});

let counter = 0;

/**
 * An organization with credits, an uploaded file and a queued transformation of it, whose credit
 * the API reserved when it started the job (decision 46) unless `reservedAtStart` is false.
 */
async function queue(
  file: Buffer,
  type: TransformationType,
  options: TransformationOptions = {},
  credits = 3,
  reservedAtStart = credits > 0,
) {
  const n = ++counter;
  const orgId = `org-${n}`;
  const transformationId = `tx-${n}`;
  const uploadKey = `uploads/${orgId}/up-${n}.jpg`;
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.organization(orgId), id: orgId, name: 'Agence', creditBalance: credits },
    }),
  );
  await buckets.s3.send(new PutObjectCommand({ Bucket: buckets.uploadsBucket, Key: uploadKey, Body: file }));
  await createTransformation(deps, {
    id: transformationId,
    orgId,
    userId: 'user-1',
    type,
    options,
    uploadKey,
    seed: n,
  });
  if (reservedAtStart) await reserveCredit(deps, orgId, transformationId);
  return { orgId, transformationId };
}

/** Correlation ids each step received, by step. */
let correlationIds: Record<string, string | undefined> = {};
const run = (ref: { orgId: string; transformationId: string }) => {
  correlationIds = {};
  return runTransformationWorkflow({ ...ref, correlationId: `corr-${ref.transformationId}` }, (payload) => {
    correlationIds[payload.step] = payload.correlationId;
    return runStep(deps, payload);
  });
};

/** The metric documents among captured lines, as `Name=value` plus their dimensions. */
const metricLines = (lines: Record<string, unknown>[]) => lines.filter((line) => '_aws' in line);

const credits = (orgId: string) => organizationCredits(table, orgId);

async function storedResult(key: string) {
  const { Body, ContentType } = await buckets.s3.send(
    new GetObjectCommand({ Bucket: buckets.resultsBucket, Key: key }),
  );
  const image = Buffer.from(await Body!.transformToByteArray());
  return { contentType: ContentType, ...(await sharp(image).metadata()), size: image.length };
}

async function stats(orgId: string) {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: keys.organizationStats(orgId) }),
  );
  return Item;
}

describe('transformation workflow', () => {
  it('validates, charges one credit, transforms and stores a JPEG of the original size', async () => {
    // Stored 320x240 with EXIF orientation 6: the validated original is 240x320.
    const photo = await sharp(await encodeJpeg(renderDarkRoom(320, 240), 320, 240))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const ref = await queue(photo, 'enhance');

    const put = jest.spyOn(deps.objects, 'put');
    const logs = captureLogs();
    const report = await run(ref);
    logs.restore();
    const puts = put.mock.calls.map(([, key, , options]) => `${key.split('/')[0]} ${options.tagging}`);
    put.mockRestore();

    expect(report).toMatchObject({ status: 'SUCCEEDED' });
    // The validated original, the result and their thumbnails expire unless an image is saved from them (decision 52).
    expect(puts.sort()).toEqual([
      'normalised retention=unsaved',
      'results retention=unsaved',
      'thumbnails retention=unsaved',
      'thumbnails retention=unsaved',
    ]);
    // The execution input's correlation id reaches every step, its log lines and its metrics.
    const correlationId = `corr-${ref.transformationId}`;
    expect(correlationIds).toEqual({
      startProcessing: correlationId,
      validate: correlationId,
      reserveCredit: correlationId,
      transform: correlationId,
      storeResult: correlationId,
      complete: correlationId,
    });
    expect(logs.lines.length).toBeGreaterThan(0);
    for (const line of logs.lines) {
      expect(line).toMatchObject({ correlationId, transformationId: ref.transformationId });
    }
    // The API reserved the credit when it started the job: ReserveCredit finds it and charges nothing more.
    expect(metricLines(logs.lines)).toMatchObject([
      { EngineTime: expect.any(Number), type: 'enhance', engine: 'local', step: 'transform' },
      {
        TransformationsSucceeded: 1,
        TransformationDuration: expect.any(Number),
        type: 'enhance',
        outcome: 'succeeded',
        step: 'complete',
      },
    ]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ level: 'INFO', message: 'Transformation succeeded', step: 'complete' }),
    );
    expect(report.states).toEqual([
      'StartProcessing',
      'Validate',
      'ReserveCredit',
      'Transform',
      'StoreResult',
      'Complete',
    ]);
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(record).toMatchObject({ status: 'succeeded', width: 240, height: 320, simulated: false, provider: 'local' });
    // Closed: out of the reconciler's open list, into the organization's history (decision 090).
    expect(record!.gsi1pk).toBe(gsi1Keys.transformationHistory(ref.orgId));
    // A JPEG original gives a JPEG result (decision 091).
    expect(record!.resultKey).toBe(`results/${ref.orgId}/${ref.transformationId}.jpg`);
    expect(await storedResult(record!.resultKey!)).toMatchObject({
      contentType: 'image/jpeg',
      format: 'jpeg',
      width: 240,
      height: 320,
    });
    expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
    // Thumbnails of the original and of the result: WebPs of 480 px on the long side, same proportions.
    expect(record).toMatchObject({
      originalThumbnailKey: `thumbnails/${ref.orgId}/${ref.transformationId}/original.webp`,
      thumbnailKey: `thumbnails/${ref.orgId}/${ref.transformationId}/result.webp`,
    });
    for (const key of [record!.originalThumbnailKey!, record!.thumbnailKey!]) {
      expect(await storedResult(key)).toMatchObject({
        contentType: 'image/webp',
        format: 'webp',
        width: 240,
        height: 320,
      });
    }
    // Counted once for the dashboard, even when Complete runs again (a retried step).
    await runStep(deps, { step: 'complete', ...ref });
    expect(await stats(ref.orgId)).toMatchObject({ transformationsSucceeded: 1, lastActivityAt: expect.any(String) });
  });

  it('makes a thumbnail of 480 px on the long side of a large photo', async () => {
    const ref = await queue(await encodeJpeg(renderHouseScene(houseScene(1200, 800)), 1200, 800), 'enhance');
    expect(await run(ref)).toMatchObject({ status: 'SUCCEEDED' });
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    for (const key of [record!.originalThumbnailKey!, record!.thumbnailKey!]) {
      const thumbnail = await storedResult(key);
      expect(thumbnail).toMatchObject({ format: 'webp', width: 480, height: 320 });
      expect(thumbnail.size).toBeLessThan(60_000);
    }
  });

  it('refunds the credit and marks the transformation failed when the engine refuses', async () => {
    // Sky replacement of an interior: the local engine finds no sky.
    const ref = await queue(await encodeJpeg(renderInterior(320, 240), 320, 240), 'sky-replacement', {
      sky_type: 'sunset',
    });

    const logs = captureLogs();
    const report = await run(ref);
    logs.restore();

    expect(report.status).toBe('FAILED');
    expect(report.states).toEqual([
      'StartProcessing',
      'Validate',
      'ReserveCredit',
      'Transform',
      'RefundCredit',
      'MarkFailed',
      'TransformationFailed',
    ]);
    expect(report.retries).toEqual({});
    expect(await getTransformation(deps, ref.orgId, ref.transformationId)).toMatchObject({
      status: 'failed',
      code: 'IMAGE_REJECTED',
      message: TRANSFORMATION_MESSAGES.noSkyDetected,
    });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
    expect((await getTransformation(deps, ref.orgId, ref.transformationId))!.gsi1pk).toBe(
      gsi1Keys.transformationHistory(ref.orgId),
    );
    expect(await stats(ref.orgId)).toBeUndefined();
    expect(metricLines(logs.lines)).toMatchObject([
      { CreditsRefunded: 1 },
      { TransformationsFailed: 1, type: 'sky-replacement', reason: 'engine-rejected', outcome: 'failed' },
    ]);
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'Transformation failed',
        reason: 'engine-rejected',
        code: 'IMAGE_REJECTED',
        caught: expect.objectContaining({ Error: 'EngineRejection' }),
      }),
    );
  });

  it('retries a transient engine failure, then succeeds charging once', async () => {
    let calls = 0;
    const seeds: number[] = [];
    engine = {
      name: 'flaky',
      async transform(image, type, options, request) {
        calls++;
        seeds.push(request.seed);
        if (calls === 1) throw new TransientEngineError('Provider answered 503');
        return localEngine.transform(image, type, options, request);
      },
    };
    const scene = houseScene(320, 240);
    const ref = await queue(await encodeJpeg(renderHouseScene(scene), 320, 240), 'sky-replacement', {
      sky_type: 'night',
    });

    const report = await run(ref);

    expect(report.status).toBe('SUCCEEDED');
    expect(report.retries).toEqual({ Transform: 1 });
    expect(calls).toBe(2);
    // The record's seed, drawn at the start, reaches the engine on every attempt and stays recorded
    // with the provider and model the engine's result names.
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(record).toMatchObject({ status: 'succeeded', provider: 'local', model: 'sharp' });
    expect(seeds).toEqual([record!.seed, record!.seed]);
    expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
  });

  it('gives up after the retries, refunds and says so in French', async () => {
    engine = {
      name: 'down',
      transform: () => Promise.reject(new TransientEngineError('Provider answered 503')),
    };
    const ref = await queue(await encodeJpeg(renderDarkRoom(64, 48), 64, 48), 'enhance');

    const report = await run(ref);

    expect(report.status).toBe('FAILED');
    expect(report.retries).toEqual({ Transform: 3 });
    expect(await getTransformation(deps, ref.orgId, ref.transformationId)).toMatchObject({
      status: 'failed',
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.engineFailed,
    });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
  });

  it('never refunds a success: Complete failing after recording it ends failed with the charge standing', async () => {
    const ref = await queue(await encodeJpeg(renderDarkRoom(64, 48), 64, 48), 'enhance');

    // Complete writes the success, then its answer is lost every time: retries run out, the Catch runs.
    const report = await runTransformationWorkflow({ ...ref, correlationId: 'corr-lost' }, async (payload) => {
      const output = await runStep(deps, payload);
      if (payload.step === 'complete') throw new TransientError('Answer lost');
      return output;
    });

    expect(report.status).toBe('FAILED');
    expect(report.retries).toEqual({ Complete: 3 });
    expect(report.states.slice(-4)).toEqual(['Complete', 'RefundCredit', 'MarkFailed', 'TransformationFailed']);
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(record).toMatchObject({ status: 'succeeded' });
    expect(record!.gsi1pk).toBe(gsi1Keys.transformationHistory(ref.orgId));
    expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
  });

  it('ends in the Fail state when MarkFailed cannot write; the credit is back, the reconciler finishes the record', async () => {
    const ref = await queue(await encodeJpeg(renderInterior(320, 240), 320, 240), 'sky-replacement');

    const report = await runTransformationWorkflow({ ...ref, correlationId: 'corr-down' }, (payload) =>
      payload.step === 'markFailed' ? Promise.reject(new TransientError('Table unavailable')) : runStep(deps, payload),
    );

    expect(report.status).toBe('FAILED');
    expect(report.error).toBe('TransformationFailed');
    expect(report.retries).toEqual({ MarkFailed: 3 });
    expect(report.states.slice(-3)).toEqual(['RefundCredit', 'MarkFailed', 'TransformationFailed']);
    // Refunded and claimed (it can no longer succeed), still open for the reconciler.
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
    const open = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(open).toMatchObject({ status: 'processing', failingSince: expect.any(String) });
    expect(open!.gsi1pk).toBe('TX_OPEN');

    const reconciled = await reconcileTransformations(
      { ...deps, describeExecution: async () => ({ status: 'FAILED' }) },
      { everyOpen: true },
    );
    expect(reconciled).toMatchObject({ interrupted: 1, refunded: 0, closed: 1 });
    const closed = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(closed).toMatchObject({ status: 'failed', code: 'ENGINE_FAILED' });
    expect(closed!.gsi1pk).toBe(gsi1Keys.transformationHistory(ref.orgId));
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
  });

  it('runs a generative type through Bedrock (the simulator here), sized back to the original', async () => {
    const simulator = await startImageSimulator({ port: 0 });
    const invokeModel = bedrockInvokeModel({
      region: 'us-east-1',
      endpoint: simulator.url,
      credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
    });
    engine = new GenerativeEngine(new StabilityBedrockProvider({ invokeModel }));
    try {
      const ref = await queue(await encodeJpeg(renderInterior(500, 300), 500, 300), 'virtual-staging', {
        style: 'Japandi',
        roomType: 'Bedroom',
        changeFloor: false,
        repaintWalls: true,
      });

      expect(await run(ref)).toMatchObject({ status: 'SUCCEEDED' });

      const record = await getTransformation(deps, ref.orgId, ref.transformationId);
      expect(record).toMatchObject({ status: 'succeeded', provider: 'bedrock', simulated: true });
      expect(await storedResult(record!.resultKey!)).toMatchObject({ format: 'jpeg', width: 500, height: 300 });
      expect(simulator.log).toEqual([
        { path: `/model/${encodeURIComponent(STABILITY_MODEL_IDS.inpaint)}/invoke`, status: 200 },
      ]);
    } finally {
      await simulator.close();
    }
    // Analysis, framing and compositing around the simulated call (decision 61).
  }, 30_000);

  describe('paid provider calls (decision 087)', () => {
    let simulator: Awaited<ReturnType<typeof startImageSimulator>>;
    beforeEach(async () => {
      simulator = await startImageSimulator({ port: 0 });
    });
    afterEach(() => simulator.close());

    /** The generative engine over Bedrock (the simulator), each call cut by the client at `timeoutMs`. */
    const bedrockEngine = (timeoutMs?: number) =>
      new GenerativeEngine(
        new StabilityBedrockProvider({
          invokeModel: bedrockInvokeModel({
            region: 'us-east-1',
            endpoint: simulator.url,
            credentials: async () => ({ accessKeyId: 'local', secretAccessKey: 'local' }),
            timeoutMs,
          }),
        }),
      );
    // An empty room with a window and a door: a moved answer fails the structure check (decision 61).
    const staging = async () =>
      queue(await encodeJpeg(renderRoom(roomGeometry(640, 480)), 640, 480), 'virtual-staging', {
        style: 'Scandinave',
        roomType: 'Salon',
      });
    const invokes = () => simulator.log.filter(({ path }) => path.endsWith('/invoke'));

    /** The answers kept for a transformation, by `<provider>/<model>/<seed>`. */
    async function storedAnswers(ref: { orgId: string; transformationId: string }) {
      const prefix = `provider-answers/${ref.orgId}/${ref.transformationId}/`;
      const { Contents = [] } = await buckets.s3.send(
        new ListObjectsV2Command({ Bucket: buckets.uploadsBucket, Prefix: prefix }),
      );
      return Contents.map(({ Key }) => Key!.slice(prefix.length));
    }

    it('reuses the stored answer when Transform is retried: one paid call, one credit', async () => {
      engine = bedrockEngine();
      const ref = await staging();
      // The provider answered and was paid, then the result's write failed: Step Functions retries Transform.
      const put = deps.objects.put.bind(deps.objects);
      let writesFailed = 0;
      const answerPuts: PutObjectOptions[] = [];
      const spy = jest.spyOn(deps.objects, 'put').mockImplementation((bucket, key, body, options) => {
        if (key.startsWith('provider-answers/')) answerPuts.push(options);
        if (key.startsWith('results/') && writesFailed === 0) {
          writesFailed++;
          return Promise.reject(Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown' }));
        }
        return put(bucket, key, body, options);
      });
      let report;
      try {
        report = await run(ref);
      } finally {
        spy.mockRestore();
      }

      expect(writesFailed).toBe(1);
      expect(report).toMatchObject({ status: 'SUCCEEDED', retries: { Transform: 1 } });
      expect(invokes()).toEqual([
        { path: `/model/${encodeURIComponent(STABILITY_MODEL_IDS.inpaint)}/invoke`, status: 200 },
      ]);
      const record = await getTransformation(deps, ref.orgId, ref.transformationId);
      expect(record).toMatchObject({ status: 'succeeded', provider: 'bedrock' });
      // Kept once under the transformation, expiring with the unsaved originals (decision 52).
      expect(await storedAnswers(ref)).toEqual([`bedrock/${STABILITY_MODEL_IDS.inpaint}/${record!.seed}`]);
      expect(answerPuts).toMatchObject([{ tagging: 'retention=unsaved', metadata: { simulated: 'true' } }]);
      expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
    }, 30_000);

    it('makes a structure retry in a new invocation, so calls longer than one Lambda budget are never cut', async () => {
      // Each call takes 5 s of a 6 s client timeout; the Lambda is sized for one call plus 3.5 s
      // of processing: two calls in one invocation (10 s) would be cut at 9.5 s.
      const callTimeoutMs = 6_000;
      simulator.setLatency(5_000);
      simulator.failNext('moved');
      engine = bedrockEngine(callTimeoutMs);
      const ref = await staging();
      const seed = (await getTransformation(deps, ref.orgId, ref.transformationId))!.seed!;
      const invocations: Invocation[] = [];
      const callsPerTransform: number[] = [];
      const lambda = withLambdaTimeout(
        async (payload) => {
          const before = invokes().length;
          try {
            return await runStep(deps, payload);
          } finally {
            if (payload.step === 'transform') callsPerTransform.push(invokes().length - before);
          }
        },
        callTimeoutMs + 3_500,
        invocations,
      );

      const report = await runTransformationWorkflow({ ...ref, correlationId: 'corr-slow' }, lambda);

      expect(report).toMatchObject({ status: 'SUCCEEDED', retries: { Transform: 1 } });
      expect(invocations.filter(({ cut }) => cut)).toEqual([]);
      // The first answer moved the room (paid, stored); the next invocation reused it and made the retry's call.
      expect(callsPerTransform).toEqual([1, 1]);
      expect(invokes().map(({ status }) => status)).toEqual([200, 200]);
      const record = await getTransformation(deps, ref.orgId, ref.transformationId);
      expect(record).toMatchObject({ status: 'succeeded', seed: retrySeed(seed) });
      expect((await storedAnswers(ref)).map((key) => key.split('/').pop()).sort()).toEqual(
        [String(seed), String(retrySeed(seed))].sort(),
      );
      expect(await credits(ref.orgId)).toEqual({ balance: 2, reservations: [], ledger: ['reserve:-1'] });
    }, 60_000);
  });

  it('fails without charging when no credit is left', async () => {
    const ref = await queue(await encodeJpeg(renderDarkRoom(64, 48), 64, 48), 'enhance', {}, 0);

    const report = await run(ref);

    expect(report.states).toEqual([
      'StartProcessing',
      'Validate',
      'ReserveCredit',
      'MarkFailed',
      'TransformationFailed',
    ]);
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    expect(record).toMatchObject({ status: 'failed', code: 'INSUFFICIENT_CREDITS' });
    expect(record!.message).toMatch(/insufficient credits/);
    expect(await credits(ref.orgId)).toEqual({ balance: 0, reservations: [], ledger: [] });
  });

  it('neither reads nor charges a transformation that is no longer queued', async () => {
    // The API could not start it: it gave the credit back and marked it failed, yet the execution runs.
    const ref = await queue(await encodeJpeg(renderDarkRoom(64, 48), 64, 48), 'enhance', {}, 3, false);
    await markFailed(deps, ref.orgId, ref.transformationId, { code: 'ENGINE_FAILED', message: 'Déjà échouée' });

    const report = await run(ref);

    // StartProcessing's Catch goes through RefundCredit, a no-op without a reservation.
    expect(report.states).toEqual(['StartProcessing', 'RefundCredit', 'MarkFailed', 'TransformationFailed']);
    expect(await getTransformation(deps, ref.orgId, ref.transformationId)).toMatchObject({
      status: 'failed',
      code: 'ENGINE_FAILED',
      message: TRANSFORMATION_MESSAGES.engineFailed,
    });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: [] });
  });

  it.each(badImages)('refuses $label with a French message and gives the credit back', async ({ make, message }) => {
    const ref = await queue(await make(), 'enhance');

    const report = await run(ref);

    expect(report.status).toBe('FAILED');
    expect(report.states).toEqual([
      'StartProcessing',
      'Validate',
      'RefundCredit',
      'MarkFailed',
      'TransformationFailed',
    ]);
    expect(await getTransformation(deps, ref.orgId, ref.transformationId)).toMatchObject({
      status: 'failed',
      code: 'IMAGE_REJECTED',
      message,
    });
    expect(await credits(ref.orgId)).toEqual({ balance: 3, reservations: [], ledger: ['refund:1', 'reserve:-1'] });
  });
});
