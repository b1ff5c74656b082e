import {
  BILLING_API_TEXTS,
  PROJECTS_TEXTS,
  TRANSFORMATION_LIMITS,
  type ApiErrorBody,
  TRANSFORMATION_MESSAGES,
} from '@vitrine/shared';
import { InsufficientCreditsError, TooManyInFlightError } from '../credits/credits';
import { SubscriptionRequired } from '../lib/errors';
import { keys } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import type { TransformationRecord, UploadRecord } from '../lib/records';
import { requestHash, type ClaimOutcome, type KeyClaim } from './idempotency';
import {
  startTransformation,
  type OrganizationState,
  type QueuedTransformation,
  type StartRequest,
  type StartTransformationDeps,
} from './start-transformation';

const upload: UploadRecord = {
  ...keys.upload('org-1', 'up-1'),
  id: 'up-1',
  orgId: 'org-1',
  userId: 'u-1',
  fileName: 'salon.jpg',
  contentType: 'image/jpeg',
  size: 1000,
  bucket: 'uploads',
  key: 'uploads/org-1/up-1',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** Earlier transformations of org-1 a rerun may name: one validated, one refused at validation. */
const earlier = new Map<string, TransformationRecord>(
  [
    {
      id: 'tx-earlier',
      normalisedKey: 'normalised/org-1/tx-earlier.jpg',
      uploadId: 'up-1',
      status: 'succeeded' as const,
    },
    { id: 'tx-unvalidated', status: 'failed' as const },
  ].map((fields) => [
    fields.id,
    {
      ...keys.transformation('org-1', fields.id),
      orgId: 'org-1',
      userId: 'u-1',
      type: 'virtual-staging',
      options: {},
      uploadKey: upload.key,
      createdAt: upload.createdAt,
      updatedAt: upload.createdAt,
      ...fields,
    },
  ]),
);

/** Every step the start takes, in order, so a test can say what happened and what did not. */
type Step = 'create' | 'reserve' | 'refund' | 'start' | `failed:${string}` | `key:${string}`;

function deps(state: Partial<OrganizationState> = {}, overrides: Partial<StartTransformationDeps> = {}) {
  const steps: Step[] = [];
  const queued: QueuedTransformation[] = [];
  const started: QueuedTransformation[] = [];
  const failures: ApiErrorBody[] = [];
  const claims: KeyClaim[] = [];
  let claimOutcome: ClaimOutcome = { outcome: 'claimed' };
  let ids = 0;
  let seeds = 1000;
  const d: StartTransformationDeps = {
    findUpload: async (orgId, uploadId) => (orgId === 'org-1' && uploadId === 'up-1' ? upload : undefined),
    readUploadSignature: async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    findTransformation: async (orgId, id) => (orgId === 'org-1' ? earlier.get(id) : undefined),
    projectAcceptsImages: async (orgId, projectId) => orgId === 'org-1' && projectId === 'p-mas',
    organizationState: async () => ({ subscriptionActive: true, creditBalance: 5, openReservations: 0, ...state }),
    createQueued: async (t) => {
      steps.push('create');
      queued.push(t);
    },
    reserveCredit: async () => void steps.push('reserve'),
    refundCredit: async () => void steps.push('refund'),
    startExecution: async (t) => {
      steps.push('start');
      started.push(t);
    },
    markFailed: async (_t, failure) => {
      steps.push(`failed:${failure.code}`);
      failures.push(failure);
    },
    idempotency: {
      claim: async (_orgId, key, claim) => {
        steps.push(`key:claim:${key}`);
        claims.push(claim);
        return claimOutcome;
      },
      markStarted: async (_orgId, key, id) => void steps.push(`key:started:${key}:${id}`),
      release: async (_orgId, key, id) => void steps.push(`key:released:${key}:${id}`),
    },
    newId: () => `tx-${++ids}`,
    newSeed: () => ++seeds,
    ...overrides,
  };
  return {
    d,
    steps,
    queued,
    started,
    failures,
    claims,
    setClaim: (outcome: ClaimOutcome) => (claimOutcome = outcome),
  };
}

const caller = { orgId: 'org-1', userId: 'u-1' };
const request = (type: string, body: unknown, idempotencyKey?: string): StartRequest => ({
  type,
  body,
  correlationId: 'corr-1',
  ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
});

describe('startTransformation', () => {
  it('makes its reads before any write at once, and still refuses in their order (decision 132)', async () => {
    const reads: string[] = [];
    const read =
      <T>(name: string, value: T) =>
      async () => {
        reads.push(`${name}:asked`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        reads.push(`${name}:answered`);
        return value;
      };
    const { d, steps } = deps(
      {},
      {
        findUpload: read('upload', undefined),
        projectAcceptsImages: read('project', false),
        organizationState: read('organization', {
          subscriptionActive: false,
          creditBalance: 0,
          openReservations: 0,
        }),
      },
    );
    const attempt = startTransformation(d, caller, request('enhance', { uploadId: 'up-1', projectId: 'p-mas' }));
    await expect(attempt).rejects.toThrow(TRANSFORMATION_MESSAGES.uploadNotFound);
    expect(reads.slice(0, 3)).toEqual(['upload:asked', 'project:asked', 'organization:asked']);
    expect(steps).toEqual([]);
  });

  it('queues the transformation with the options of its type only, reserves its credit, then starts it', async () => {
    const { d, queued, started, steps } = deps();
    const logs = captureLogs();
    const result = await startTransformation(
      d,
      caller,
      request('virtual-staging', { uploadId: 'up-1', style: 'Japandi', changeFloor: 'true', sky_type: 'night' }),
    );
    logs.restore();
    expect(result).toEqual({ transformationId: 'tx-1', transformationIds: ['tx-1'], groupId: 'tx-1', replayed: false });
    expect(steps).toEqual(['create', 'reserve', 'start']);
    expect(queued[0]).toEqual({
      id: 'tx-1',
      correlationId: 'corr-1',
      orgId: 'org-1',
      userId: 'u-1',
      type: 'virtual-staging',
      options: { style: 'Japandi', roomType: 'Living Room', changeFloor: true, repaintWalls: false },
      source: { uploadId: 'up-1', uploadKey: upload.key },
      seed: 1001,
      groupId: 'tx-1',
      variant: 1,
      variantCount: 1,
    });
    expect(queued[0]!.options).not.toHaveProperty('sky_type');
    expect(started.map((t) => [t.id, t.correlationId])).toEqual([['tx-1', 'corr-1']]);
    expect(logs.lines).toMatchObject([
      { level: 'INFO', message: 'Transformation started', transformationId: 'tx-1', type: 'virtual-staging' },
      { TransformationsStarted: 1, type: 'virtual-staging', transformationId: 'tx-1' },
    ]);
  });

  it('refuses an unknown type and values outside the lists with French messages', async () => {
    const { d, steps } = deps();
    await expect(startTransformation(d, caller, request('colorize', { uploadId: 'up-1' }))).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: TRANSFORMATION_MESSAGES.unknownType,
    });
    await expect(
      startTransformation(d, caller, request('sky-replacement', { uploadId: 'up-1', sky_type: 'green' })),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Type de ciel invalide.' });
    expect(steps).toEqual([]);
  });

  it('checks the body id like a path id before any lookup (an over-long key would be a 500)', async () => {
    const lookedUp: string[] = [];
    const { d } = deps({}, { findUpload: async (_orgId, uploadId) => void lookedUp.push(uploadId) });
    for (const uploadId of ['a'.repeat(2000), 'up/1', '', 42, null]) {
      await expect(startTransformation(d, caller, request('enhance', { uploadId }))).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        message: TRANSFORMATION_MESSAGES.uploadNotFound,
      });
    }
    expect(lookedUp).toEqual([]);
  });

  it("answers 404 for another organization's upload and 402 without credits, writing nothing", async () => {
    const { d, steps } = deps();
    await expect(
      startTransformation(d, { orgId: 'org-2', userId: 'u-2' }, request('enhance', { uploadId: 'up-1' })),
    ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const broke = deps({ creditBalance: 0 });
    const refusal = startTransformation(broke.d, caller, request('enhance', { uploadId: 'up-1' }));
    await expect(refusal).rejects.toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_CREDITS' });
    await expect(refusal).rejects.toThrow(/insufficient credits/i);
    expect([...steps, ...broke.steps]).toEqual([]);
  });

  it('refuses a file that is not an image, and one never uploaded, before recording or charging anything (decision 094)', async () => {
    const text = deps({}, { readUploadSignature: async () => new TextEncoder().encode('Bonjour, ceci') });
    await expect(
      startTransformation(text.d, caller, request('sky-replacement', { uploadId: 'up-1' })),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: TRANSFORMATION_MESSAGES.notAnImage,
    });
    expect(text.steps).toEqual([]);

    const missing = deps({}, { readUploadSignature: async () => undefined });
    await expect(
      startTransformation(missing.d, caller, request('sky-replacement', { uploadId: 'up-1' })),
    ).rejects.toMatchObject({ statusCode: 404, message: TRANSFORMATION_MESSAGES.uploadNotFound });
    expect(missing.steps).toEqual([]);
  });

  it('refuses an organization whose subscription is not active, with credits left or not', async () => {
    const { d, steps } = deps({ subscriptionActive: false });
    const refusal = startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }));
    await expect(refusal).rejects.toBeInstanceOf(SubscriptionRequired);
    await expect(refusal).rejects.toMatchObject({ statusCode: 402, message: BILLING_API_TEXTS.subscriptionRequired });
    expect(steps).toEqual([]);
  });

  it('answers 429 with Retry-After, writing nothing, when the organization has its cap of jobs in flight', async () => {
    const { d, steps } = deps({ openReservations: TRANSFORMATION_LIMITS.maxInFlightPerOrganization });
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }))).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: TRANSFORMATION_MESSAGES.tooManyInFlight,
      headers: { 'retry-after': String(TRANSFORMATION_LIMITS.retryAfterSeconds) },
    });
    expect(steps).toEqual([]);
  });

  it.each([
    ['the cap', new TooManyInFlightError(20), 429, 'RATE_LIMITED'],
    ['the balance', new InsufficientCreditsError(), 402, 'INSUFFICIENT_CREDITS'],
  ] as const)(
    'closes the record unstarted when a concurrent start took %s first',
    async (_what, refusal, statusCode, code) => {
      const { d, steps } = deps(
        {},
        {
          reserveCredit: async () => {
            throw refusal;
          },
        },
      );
      await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }))).rejects.toMatchObject({
        statusCode,
        code,
      });
      // Nothing reserved, nothing started: the record says why.
      expect(steps).toEqual(['create', `failed:${code}`]);
    },
  );

  it('gives the credit back and marks the record failed when the execution cannot start', async () => {
    const logs = captureLogs();
    const { d, steps, failures } = deps(
      {},
      {
        startExecution: async () => {
          throw new Error('throttled');
        },
      },
    );
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }))).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: TRANSFORMATION_MESSAGES.startFailed,
    });
    expect(steps).toEqual(['create', 'reserve', 'refund', 'failed:SERVICE_UNAVAILABLE']);
    expect(failures).toEqual([{ code: 'SERVICE_UNAVAILABLE', message: TRANSFORMATION_MESSAGES.startFailed }]);
    logs.restore();
    expect(logs.lines).toMatchObject([
      { level: 'ERROR', message: 'StartExecution failed', transformationId: 'tx-1', error: { message: 'throttled' } },
      { TransformationsFailed: 1, type: 'enhance', reason: 'not-started' },
    ]);
  });

  it('refunds (a no-op when nothing was taken) when the reservation fails for another reason', async () => {
    const { d, steps } = deps(
      {},
      {
        reserveCredit: async () => {
          throw new Error('DynamoDB timed out');
        },
      },
    );
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }))).rejects.toThrow(
      'DynamoDB timed out',
    );
    expect(steps).toEqual(['create', 'refund', 'failed:SERVICE_UNAVAILABLE']);
  });
});

describe('startTransformation of variants (decision 065)', () => {
  it('starts one transformation per variant, each with its own credit and seed, grouped by the first', async () => {
    const { d, queued, started, steps } = deps();
    const result = await startTransformation(
      d,
      caller,
      request('virtual-staging', { uploadId: 'up-1', style: 'Modern', variants: 3 }),
    );
    expect(result).toEqual({
      transformationId: 'tx-1',
      transformationIds: ['tx-1', 'tx-2', 'tx-3'],
      groupId: 'tx-1',
      replayed: false,
    });
    // Every credit is reserved before any execution starts.
    expect(steps).toEqual(['create', 'create', 'create', 'reserve', 'reserve', 'reserve', 'start', 'start', 'start']);
    expect(
      queued.map(({ id, seed, groupId, variant, variantCount }) => [id, seed, groupId, variant, variantCount]),
    ).toEqual([
      ['tx-1', 1001, 'tx-1', 1, 3],
      ['tx-2', 1002, 'tx-1', 2, 3],
      ['tx-3', 1003, 'tx-1', 3, 3],
    ]);
    expect(new Set(started.map((t) => t.options.style))).toEqual(new Set(['Modern']));
  });

  it.each([0, 5, 1.5, '2', null])('refuses %j variants in French, writing nothing', async (variants) => {
    const { d, steps } = deps();
    await expect(
      startTransformation(d, caller, request('enhance', { uploadId: 'up-1', variants })),
    ).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.invalidVariants });
    expect(steps).toEqual([]);
  });

  it('refuses, writing nothing, variants the balance or the cap of jobs in flight cannot hold', async () => {
    const short = deps({ creditBalance: 2 });
    await expect(
      startTransformation(short.d, caller, request('enhance', { uploadId: 'up-1', variants: 3 })),
    ).rejects.toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_CREDITS' });
    const busy = deps({ openReservations: TRANSFORMATION_LIMITS.maxInFlightPerOrganization - 1 });
    await expect(
      startTransformation(busy.d, caller, request('enhance', { uploadId: 'up-1', variants: 2 })),
    ).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect([...short.steps, ...busy.steps]).toEqual([]);
  });

  it('gives back the credits taken and starts nothing when a later reservation is refused', async () => {
    let reservations = 0;
    const { d, steps, started } = deps(
      {},
      {
        reserveCredit: async () => {
          steps.push('reserve');
          if (++reservations === 3) throw new InsufficientCreditsError();
        },
      },
    );
    await expect(
      startTransformation(d, caller, request('enhance', { uploadId: 'up-1', variants: 3 })),
    ).rejects.toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(started).toEqual([]);
    expect(steps.slice(3)).toEqual([
      'reserve',
      'reserve',
      'reserve',
      'refund',
      'refund',
      'failed:INSUFFICIENT_CREDITS',
      'failed:INSUFFICIENT_CREDITS',
      'failed:INSUFFICIENT_CREDITS',
    ]);
  });

  it('answers 202 with every variant when one execution cannot start: that one is refunded and failed', async () => {
    const logs = captureLogs();
    const { d, started, failures } = deps(
      {},
      {
        startExecution: async (t) => {
          if (t.variant === 2) throw new Error('throttled');
          started.push(t);
        },
      },
    );
    const result = await startTransformation(d, caller, request('enhance', { uploadId: 'up-1', variants: 2 }));
    logs.restore();
    expect(result.transformationIds).toEqual(['tx-1', 'tx-2']);
    expect(started.map((t) => t.id)).toEqual(['tx-1']);
    expect(failures).toEqual([{ code: 'SERVICE_UNAVAILABLE', message: TRANSFORMATION_MESSAGES.startFailed }]);
    expect(logs.lines.filter((line) => line.message === 'Transformation started')).toHaveLength(1);
  });

  it('replays every variant for a retried key, charging nothing again', async () => {
    const { d, steps, setClaim, claims } = deps();
    const key = 'retried-key-0001';
    await startTransformation(d, caller, request('enhance', { uploadId: 'up-1', variants: 2 }, key));
    setClaim({ outcome: 'replay', transformationIds: ['tx-1', 'tx-2'], groupId: 'tx-1' });
    await expect(
      startTransformation(d, caller, request('enhance', { uploadId: 'up-1', variants: 2 }, key)),
    ).resolves.toEqual({
      transformationId: 'tx-1',
      transformationIds: ['tx-1', 'tx-2'],
      groupId: 'tx-1',
      replayed: true,
    });
    expect(steps.filter((step) => step === 'reserve')).toHaveLength(2);
    expect(claims[0]).toMatchObject({ transformationId: 'tx-1', transformationIds: ['tx-1', 'tx-2'], groupId: 'tx-1' });
  });
});

describe('startTransformation of an earlier transformation, without a new upload (decision 066)', () => {
  it("validates the earlier transformation's original again under new options", async () => {
    const { d, queued } = deps();
    await startTransformation(
      d,
      caller,
      request('virtual-staging', { sourceTransformationId: 'tx-earlier', style: 'Industrial' }),
    );
    expect(queued[0]).toMatchObject({
      options: { style: 'Industrial' },
      source: {
        uploadId: 'up-1',
        uploadKey: 'normalised/org-1/tx-earlier.jpg',
        sourceTransformationId: 'tx-earlier',
      },
    });
  });

  it("answers the upload's 404 for another organization's, an unknown or an unvalidated transformation", async () => {
    const { d, steps } = deps();
    for (const [orgId, sourceTransformationId] of [
      ['org-2', 'tx-earlier'],
      ['org-1', 'tx-unknown'],
      ['org-1', 'tx-unvalidated'],
    ] as const) {
      await expect(
        startTransformation(d, { orgId, userId: 'u-1' }, request('enhance', { sourceTransformationId })),
      ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: TRANSFORMATION_MESSAGES.uploadNotFound });
    }
    expect(steps).toEqual([]);
  });

  it('refuses a request naming both an upload and a transformation', async () => {
    const { d, steps } = deps();
    await expect(
      startTransformation(d, caller, request('enhance', { uploadId: 'up-1', sourceTransformationId: 'tx-earlier' })),
    ).rejects.toMatchObject({ statusCode: 400, message: TRANSFORMATION_MESSAGES.twoSources });
    expect(steps).toEqual([]);
  });
});

describe('startTransformation with an Idempotency-Key', () => {
  const key = '9b2f6c1e-4d1a-4a43-9d2e-0a7c5e1f2b3c';

  it('claims the key for the new transformation and marks it started once answered', async () => {
    const { d, steps, claims } = deps();
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, key))).resolves.toEqual({
      transformationId: 'tx-1',
      transformationIds: ['tx-1'],
      groupId: 'tx-1',
      replayed: false,
    });
    expect(steps).toEqual([`key:claim:${key}`, 'create', 'reserve', 'start', `key:started:${key}:tx-1`]);
    expect(claims).toEqual([
      {
        transformationId: 'tx-1',
        transformationIds: ['tx-1'],
        groupId: 'tx-1',
        requestHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        userId: 'u-1',
      },
    ]);
  });

  it('answers with the first transformation, starting and charging nothing, when the key was used', async () => {
    const { d, steps, setClaim } = deps();
    setClaim({ outcome: 'replay', transformationIds: ['tx-first'], groupId: 'tx-first' });
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, key))).resolves.toEqual({
      transformationId: 'tx-first',
      transformationIds: ['tx-first'],
      groupId: 'tx-first',
      replayed: true,
    });
    expect(steps).toEqual([`key:claim:${key}`]);
  });

  it('releases the key when the start is refused, so that a retry is evaluated afresh', async () => {
    const { d, steps } = deps({ creditBalance: 0 });
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, key))).rejects.toMatchObject({
      statusCode: 402,
    });
    expect(steps).toEqual([`key:claim:${key}`, `key:released:${key}:tx-1`]);
  });

  it('refuses a key sent with another request (409 while its first request is still starting)', async () => {
    const { d, setClaim } = deps();
    setClaim({ outcome: 'mismatch' });
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, key))).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: TRANSFORMATION_MESSAGES.idempotencyKeyReused,
    });
    setClaim({ outcome: 'in-progress' });
    await expect(startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, key))).rejects.toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: TRANSFORMATION_MESSAGES.idempotencyKeyInProgress,
    });
  });

  it.each(['', 'short', 'a'.repeat(129), 'clé-avec-accent', 'key with spaces', 'key/slash/1234'])(
    'answers 400 in French for the key %j, before any lookup',
    async (badKey) => {
      const { d, steps } = deps();
      await expect(
        startTransformation(d, caller, request('enhance', { uploadId: 'up-1' }, badKey)),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        message: TRANSFORMATION_MESSAGES.invalidIdempotencyKey,
      });
      expect(steps).toEqual([]);
    },
  );
});

describe('startTransformation into a project (decision 122)', () => {
  it('keeps the project with every variant, so Complete saves each result into it', async () => {
    const { d, queued, steps, claims } = deps();
    await startTransformation(
      d,
      caller,
      request('enhance', { uploadId: 'up-1', variants: 2, projectId: 'p-mas' }, 'into-project-0001'),
    );
    expect(queued.map((variant) => variant.projectId)).toEqual(['p-mas', 'p-mas']);
    expect(steps.filter((step) => step === 'start')).toHaveLength(2);
    // The key stands for the project too: the same key naming another project is another request.
    expect(claims[0]!.requestHash).toBe(requestHash('enhance', { uploadId: 'up-1' }, {}, 2, { projectId: 'p-mas' }));
  });

  it('refuses a malformed project id (400) before any lookup, and a project it cannot see (404), charging nothing', async () => {
    const lookedUp: string[] = [];
    const malformed = deps({}, { projectAcceptsImages: async (_orgId, id) => Boolean(lookedUp.push(id)) });
    for (const projectId of ['a'.repeat(200), 'p/1', '', 7, null]) {
      await expect(
        startTransformation(malformed.d, caller, request('enhance', { uploadId: 'up-1', projectId })),
      ).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION', message: PROJECTS_TEXTS.notFoundOrDenied });
    }
    expect(lookedUp).toEqual([]);

    // Another organization's project, an unknown one or one being deleted: the same 404 as a path id.
    const { d, steps } = deps();
    for (const projectId of ['p-foreign', 'p-deleting']) {
      await expect(
        startTransformation(d, caller, request('enhance', { uploadId: 'up-1', projectId }, `key-${projectId}`)),
      ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: PROJECTS_TEXTS.notFoundOrDenied });
    }
    // The keys were released: a retry is evaluated afresh.
    expect(steps).toEqual([
      'key:claim:key-p-foreign',
      'key:released:key-p-foreign:tx-1',
      'key:claim:key-p-deleting',
      'key:released:key-p-deleting:tx-2',
    ]);
  });
});
