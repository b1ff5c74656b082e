import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_KEY } from '@vitrine/shared';
import { keys } from '../lib/keys';
import type { IdempotencyKeyRecord } from '../lib/records';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import {
  claimIdempotencyKey,
  markKeyStarted,
  parseIdempotencyKey,
  releaseIdempotencyKey,
  REPLAY_WAIT_MS,
  requestHash,
  STALE_CLAIM_MS,
  type IdempotencyDeps,
} from './idempotency';

let table: LocalTable;
let deps: IdempotencyDeps;

beforeAll(async () => {
  table = await startLocalTable();
  deps = { ddb: table.ddb, tableName: table.tableName };
});
afterAll(() => table.close());

let counter = 0;
const newKey = () => `key-${++counter}-0123456789`;
const upload = (uploadId: string) => ({ uploadId });
const hash = requestHash('enhance', upload('up-1'), {});
const claimOf = (transformationId: string, requestHash = hash) => ({
  transformationId,
  transformationIds: [transformationId],
  groupId: transformationId,
  requestHash,
  userId: 'u-1',
});
const replayOf = (transformationId: string) => ({
  outcome: 'replay',
  transformationIds: [transformationId],
  groupId: transformationId,
});

async function stored(key: string): Promise<IdempotencyKeyRecord | undefined> {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: keys.idempotencyKey('org-1', key) }),
  );
  return Item as IdempotencyKeyRecord | undefined;
}

/** A clock the test moves, and a sleep that moves it instead of waiting. */
function fakeClock(start = Date.parse('2026-03-01T10:00:00.000Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    sleep: async (ms: number) => void (now += ms),
    advance: (ms: number) => void (now += ms),
  };
}

describe('parseIdempotencyKey', () => {
  it('accepts 8 to 128 letters, digits, - and _; says null for anything else', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('9b2f6c1e-4d1a-4a43-9d2e-0a7c5e1f2b3c')).toBe('9b2f6c1e-4d1a-4a43-9d2e-0a7c5e1f2b3c');
    expect(parseIdempotencyKey('a'.repeat(128))).toBe('a'.repeat(128));
    for (const bad of ['', 'a'.repeat(7), 'a'.repeat(129), 'clé-12345678', 'a b c d e f', 'IDEMPOTENCY#x']) {
      expect(parseIdempotencyKey(bad)).toBeNull();
    }
  });

  it('hashes what the key stands for, whatever the order of the options', () => {
    expect(requestHash('virtual-staging', upload('up-1'), { style: 'Modern', roomType: 'Bedroom' })).toBe(
      requestHash('virtual-staging', upload('up-1'), { roomType: 'Bedroom', style: 'Modern' }),
    );
    expect(requestHash('enhance', upload('up-1'), {})).not.toBe(requestHash('enhance', upload('up-2'), {}));
    expect(requestHash('enhance', upload('up-1'), {})).not.toBe(requestHash('declutter', upload('up-1'), {}));
  });

  it('tells apart the number of variants and a rerun of an earlier transformation (decision 065, 066)', () => {
    const one = requestHash('enhance', upload('up-1'), {});
    expect(requestHash('enhance', upload('up-1'), {}, 2)).not.toBe(one);
    expect(requestHash('enhance', upload('up-1'), {}, 2)).not.toBe(requestHash('enhance', upload('up-1'), {}, 3));
    expect(requestHash('enhance', { sourceTransformationId: 'up-1' }, {})).not.toBe(one);
    // One variant of an upload hashes as before variants: a key claimed across the deploy replays.
    expect(one).toBe(
      createHash('sha256')
        .update(JSON.stringify(['enhance', 'up-1', {}]))
        .digest('hex'),
    );
  });

  it('tells apart a start with another webhook or none (decision 114)', () => {
    const none = requestHash('enhance', upload('up-1'), {});
    const withHook = requestHash('enhance', upload('up-1'), {}, 1, { webhookEndpointId: 'wh-1' });
    expect(withHook).not.toBe(none);
    expect(withHook).not.toBe(requestHash('enhance', upload('up-1'), {}, 1, { webhookEndpointId: 'wh-2' }));
    expect(withHook).not.toBe(requestHash('enhance', upload('up-1'), {}, 2, { webhookEndpointId: 'wh-1' }));
  });

  it('tells apart a start filed into another project or none (decision 122)', () => {
    const none = requestHash('enhance', upload('up-1'), {}, 2);
    const intoMas = requestHash('enhance', upload('up-1'), {}, 2, { projectId: 'p-mas' });
    expect(intoMas).not.toBe(none);
    expect(intoMas).not.toBe(requestHash('enhance', upload('up-1'), {}, 2, { projectId: 'p-villa' }));
    expect(requestHash('enhance', upload('up-1'), {}, 2, { projectId: 'p-mas' })).toBe(intoMas);
  });
});

describe('claimIdempotencyKey', () => {
  it('lets one of concurrent claims win; the others answer with its transformation once started', async () => {
    const key = newKey();
    const claims = Array.from({ length: 5 }, (_, index) =>
      claimIdempotencyKey(deps, 'org-1', key, claimOf(`tx-${index}`)),
    );
    // The winner starts its transformation while the others wait for it.
    const winner = await waitForStoredClaim(key);
    await markKeyStarted(deps, 'org-1', key, winner.transformationId);
    const outcomes = await Promise.all(claims);
    expect(outcomes.filter((outcome) => outcome.outcome === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.outcome === 'replay')).toEqual(
      Array.from({ length: 4 }, () => replayOf(winner.transformationId)),
    );
    expect(await stored(key)).toMatchObject({ state: 'started', transformationId: winner.transformationId });
  });

  it('keeps the key 24 hours (the table TTL), then lets it start another transformation', async () => {
    const clock = fakeClock();
    const clocked = { ...deps, now: clock.now, sleep: clock.sleep };
    const key = newKey();
    await expect(claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-1'))).resolves.toEqual({ outcome: 'claimed' });
    await markKeyStarted(clocked, 'org-1', key, 'tx-1');
    expect((await stored(key))!.expiresAt).toBe(
      Math.floor(clock.now().getTime() / 1000) + IDEMPOTENCY_KEY.ttlHours * 3600,
    );
    clock.advance(IDEMPOTENCY_KEY.ttlHours * 3600 * 1000 - 1000);
    await expect(claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-2'))).resolves.toEqual(replayOf('tx-1'));
    // DynamoDB deletes expired items up to two days late: an expired key counts as free.
    clock.advance(1000);
    await expect(claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-2'))).resolves.toEqual({ outcome: 'claimed' });
  });

  it('refuses the key for another request, and keys of another organization are their own', async () => {
    const key = newKey();
    await claimIdempotencyKey(deps, 'org-1', key, claimOf('tx-1'));
    await markKeyStarted(deps, 'org-1', key, 'tx-1');
    await expect(
      claimIdempotencyKey(deps, 'org-1', key, claimOf('tx-2', requestHash('enhance', upload('up-other'), {}))),
    ).resolves.toEqual({ outcome: 'mismatch' });
    await expect(claimIdempotencyKey(deps, 'org-2', key, claimOf('tx-3'))).resolves.toEqual({ outcome: 'claimed' });
  });

  it('replays every variant the first request started, in order', async () => {
    const key = newKey();
    const variants = { ...claimOf('tx-a'), transformationIds: ['tx-a', 'tx-b', 'tx-c'] };
    await claimIdempotencyKey(deps, 'org-1', key, variants);
    await markKeyStarted(deps, 'org-1', key, 'tx-a');
    await expect(claimIdempotencyKey(deps, 'org-1', key, { ...variants, transformationId: 'tx-x' })).resolves.toEqual({
      outcome: 'replay',
      transformationIds: ['tx-a', 'tx-b', 'tx-c'],
      groupId: 'tx-a',
    });
  });

  it('replays a key claimed before variants as its one transformation', async () => {
    const key = newKey();
    const { transformationIds: _ids, groupId: _group, ...legacy } = claimOf('tx-old');
    const nowSeconds = Math.floor(Date.now() / 1000);
    await table.ddb.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          ...keys.idempotencyKey('org-1', key),
          ...legacy,
          state: 'started',
          claimedAt: new Date().toISOString(),
          expiresAt: nowSeconds + 3600,
        },
      }),
    );
    await expect(claimIdempotencyKey(deps, 'org-1', key, claimOf('tx-new'))).resolves.toEqual(replayOf('tx-old'));
  });

  it('frees a released key for a retry', async () => {
    const key = newKey();
    await claimIdempotencyKey(deps, 'org-1', key, claimOf('tx-1'));
    await releaseIdempotencyKey(deps, 'org-1', key, 'tx-1');
    await expect(claimIdempotencyKey(deps, 'org-1', key, claimOf('tx-2'))).resolves.toEqual({ outcome: 'claimed' });
    // Only the holder releases: the first request's late release leaves the second claim alone.
    await releaseIdempotencyKey(deps, 'org-1', key, 'tx-1');
    expect(await stored(key)).toMatchObject({ state: 'pending', transformationId: 'tx-2' });
  });

  it('answers in-progress after the wait while the holder is starting, and takes over a claim left stale', async () => {
    const clock = fakeClock();
    const clocked = { ...deps, now: clock.now, sleep: clock.sleep };
    const key = newKey();
    await claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-1'));
    const before = clock.now().getTime();
    await expect(claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-2'))).resolves.toEqual({
      outcome: 'in-progress',
    });
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(REPLAY_WAIT_MS);
    // The holder's Lambda died before answering: after the stale delay, a retry starts afresh.
    clock.advance(STALE_CLAIM_MS);
    await expect(claimIdempotencyKey(clocked, 'org-1', key, claimOf('tx-3'))).resolves.toEqual({ outcome: 'claimed' });
    expect(await stored(key)).toMatchObject({ state: 'pending', transformationId: 'tx-3' });
  });
});

async function waitForStoredClaim(key: string): Promise<IdempotencyKeyRecord> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const item = await stored(key);
    if (item) return item;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`No claim of ${key}`);
}
