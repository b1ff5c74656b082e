import { BILLING_API_TEXTS, MESSAGES, type ApiErrorBody } from '@vitrine/shared';
import { SubscriptionRequired } from '../lib/errors';
import { keys } from '../lib/keys';
import { captureLogs } from '../lib/logger';
import type { UploadRecord } from '../lib/records';
import { startTransformation, type QueuedTransformation, type StartTransformationDeps } from './start-transformation';

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

function deps(balance = 5, overrides: Partial<StartTransformationDeps> = {}) {
  const queued: QueuedTransformation[] = [];
  const started: QueuedTransformation[] = [];
  const notStarted: ApiErrorBody[] = [];
  const d: StartTransformationDeps = {
    findUpload: async (orgId, uploadId) => (orgId === 'org-1' && uploadId === 'up-1' ? upload : undefined),
    creditBalance: async () => balance,
    subscriptionActive: async () => true,
    createQueued: async (t) => void queued.push(t),
    startExecution: async (t) => void started.push(t),
    markNotStarted: async (_t, failure) => void notStarted.push(failure),
    newId: () => 'tx-1',
    ...overrides,
  };
  return { d, queued, started, notStarted };
}

const caller = { orgId: 'org-1', userId: 'u-1' };

describe('startTransformation', () => {
  it('queues the transformation with the options of its type only, defaults filled, then starts it', async () => {
    const { d, queued, started } = deps();
    const logs = captureLogs();
    const result = await startTransformation(
      d,
      caller,
      'virtual-staging',
      { uploadId: 'up-1', style: 'Japandi', changeFloor: 'true', sky_type: 'night' },
      'corr-1',
    );
    logs.restore();
    expect(result).toEqual({ transformationId: 'tx-1' });
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      id: 'tx-1',
      type: 'virtual-staging',
      options: { style: 'Japandi', roomType: 'Living Room', changeFloor: true, repaintWalls: false },
      upload,
    });
    expect(queued[0]!.options).not.toHaveProperty('sky_type');
    expect(started.map((t) => [t.id, t.correlationId])).toEqual([['tx-1', 'corr-1']]);
    expect(logs.lines).toMatchObject([
      { level: 'INFO', message: 'Transformation started', transformationId: 'tx-1', type: 'virtual-staging' },
      { TransformationsStarted: 1, type: 'virtual-staging', transformationId: 'tx-1' },
    ]);
  });

  it('refuses an unknown type and values outside the lists with French messages', async () => {
    const { d, queued } = deps();
    await expect(startTransformation(d, caller, 'colorize', { uploadId: 'up-1' }, 'corr-1')).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION',
      message: MESSAGES.processing.unknownType,
    });
    await expect(
      startTransformation(d, caller, 'sky-replacement', { uploadId: 'up-1', sky_type: 'green' }, 'corr-1'),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Type de ciel invalide.' });
    expect(queued).toHaveLength(0);
  });

  it('checks the body id like a path id before any lookup (an over-long key would be a 500)', async () => {
    const lookedUp: string[] = [];
    const { d } = deps(5, { findUpload: async (_orgId, uploadId) => void lookedUp.push(uploadId) });
    for (const uploadId of ['a'.repeat(2000), 'up/1', '', 42, null]) {
      await expect(startTransformation(d, caller, 'enhance', { uploadId }, 'corr-1')).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION',
        message: MESSAGES.processing.uploadNotFound,
      });
    }
    expect(lookedUp).toEqual([]);
  });

  it("answers 404 for another organization's upload and 402 without credits", async () => {
    const { d } = deps();
    await expect(
      startTransformation(d, { orgId: 'org-2', userId: 'u-2' }, 'enhance', { uploadId: 'up-1' }, 'corr-1'),
    ).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const broke = deps(0);
    const refusal = startTransformation(broke.d, caller, 'enhance', { uploadId: 'up-1' }, 'corr-1');
    await expect(refusal).rejects.toMatchObject({ statusCode: 402, code: 'INSUFFICIENT_CREDITS' });
    await expect(refusal).rejects.toThrow(/insufficient credits/i);
    expect(broke.queued).toHaveLength(0);
  });

  it('refuses an organization whose subscription is not active, with credits left or not', async () => {
    const { d, queued } = deps(5, { subscriptionActive: async () => false });
    const refusal = startTransformation(d, caller, 'enhance', { uploadId: 'up-1' }, 'corr-1');
    await expect(refusal).rejects.toBeInstanceOf(SubscriptionRequired);
    await expect(refusal).rejects.toMatchObject({ statusCode: 402, message: BILLING_API_TEXTS.subscriptionRequired });
    expect(queued).toHaveLength(0);
  });

  it('marks the record failed when the execution cannot start', async () => {
    const logs = captureLogs();
    const { d, notStarted } = deps(5, {
      startExecution: async () => {
        throw new Error('throttled');
      },
    });
    await expect(startTransformation(d, caller, 'enhance', { uploadId: 'up-1' }, 'corr-1')).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.processing.startFailed,
    });
    expect(notStarted).toEqual([{ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.processing.startFailed }]);
    logs.restore();
    expect(logs.lines).toMatchObject([
      { level: 'ERROR', message: 'StartExecution failed', transformationId: 'tx-1', error: { message: 'throttled' } },
      { TransformationsFailed: 1, type: 'enhance', reason: 'not-started' },
    ]);
  });
});
