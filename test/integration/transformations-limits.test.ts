/**
 * Nothing runs for free, nothing is charged twice (issue 12, part 3), on the local stack: the
 * per-organization cap of transformations in flight, the refusal at the API of what the workflow
 * would refuse, and the Idempotency-Key of POST /api/image-processing/{type}.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TRANSFORMATION_LIMITS, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { keys, SK_PREFIX } from '../../functions/src/lib/keys';
import type { TransformationRecord } from '../../functions/src/lib/records';
import { startTestStack, type TestStack } from './helpers/stack';
import {
  creditBalance,
  ledger,
  orgUser,
  settled,
  start,
  tableClient,
  upload,
  type OrgUser,
} from './transformations-fixtures';

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

const CAP = TRANSFORMATION_LIMITS.maxInFlightPerOrganization;

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let photo: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  // Large enough that a job lasts seconds while twenty share two cores.
  photo = await encodeJpeg(renderHouseScene(houseScene(1600, 1200)), 1600, 1200);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

async function transformations(orgId: string): Promise<TransformationRecord[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: stack.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.transformation },
    }),
  );
  return (Items ?? []) as TransformationRecord[];
}

async function openReservations(orgId: string): Promise<string[]> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.organization(orgId), ConsistentRead: true }),
  );
  return Object.keys((Item?.reservations as Record<string, string> | undefined) ?? {});
}

/** The reservations once every job has closed: a job reads succeeded just before Complete settles its credit. */
async function reservationsWhenClosed(orgId: string, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let open = await openReservations(orgId);
  while (open.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    open = await openReservations(orgId);
  }
  return open;
}

async function charged(orgId: string): Promise<number> {
  const entries = await ledger(stack, ddb, orgId);
  return entries.reduce((sum, entry) => sum - entry.delta, 0);
}

describe('transformations in flight per organization', () => {
  it(`refuses the start beyond ${CAP} in flight with 429 and Retry-After, starting and charging nothing`, async () => {
    const user = await orgUser(stack, ddb, CAP + 5);
    const uploads = await Promise.all(Array.from({ length: CAP + 1 }, () => upload(stack, user.token, photo)));

    const first = await Promise.all(
      uploads.slice(0, CAP).map((uploadId) => start(stack, user.token, 'enhance', { uploadId })),
    );
    expect(first.map((response) => response.status)).toEqual(Array.from({ length: CAP }, () => 202));
    expect(await openReservations(user.orgId)).toHaveLength(CAP);

    const refused = await start(stack, user.token, 'enhance', { uploadId: uploads[CAP]! });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 'RATE_LIMITED', message: TRANSFORMATION_MESSAGES.tooManyInFlight });
    expect(refused.headers.get('retry-after')).toBe(String(TRANSFORMATION_LIMITS.retryAfterSeconds));
    // Refused before any write: no record, no reservation, no charge.
    expect(await transformations(user.orgId)).toHaveLength(CAP);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(5);

    // Every job ends, settled or refunded, and frees its place: the refused file can go now.
    const results = await Promise.all(
      first.map((response) => settled(stack, user.token, response.body.transformationId!, 180_000)),
    );
    // Listed with their messages, so a failure says why.
    expect(results.filter((result) => result.status !== 'succeeded')).toEqual([]);
    expect(await reservationsWhenClosed(user.orgId)).toEqual([]);
    const retried = await start(stack, user.token, 'enhance', { uploadId: uploads[CAP]! });
    expect(retried.status).toBe(202);
    expect(await settled(stack, user.token, retried.body.transformationId!)).toMatchObject({ status: 'succeeded' });
    expect(await charged(user.orgId)).toBe(CAP + 1);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(4);
  });

  it('refuses at the API (402) when the credits left are all reserved by jobs in flight', async () => {
    const user = await orgUser(stack, ddb, 2);
    const uploads = await Promise.all(Array.from({ length: 5 }, () => upload(stack, user.token, photo)));
    const starts = await Promise.all(uploads.map((uploadId) => start(stack, user.token, 'enhance', { uploadId })));

    const accepted = starts.filter((response) => response.status === 202);
    const refused = starts.filter((response) => response.status !== 202);
    // Exactly the credits: no workflow execution runs for a job that could not be paid for.
    expect(accepted).toHaveLength(2);
    for (const response of refused) {
      expect(response.status).toBe(402);
      expect(response.body).toEqual({
        code: 'INSUFFICIENT_CREDITS',
        message: TRANSFORMATION_MESSAGES.insufficientCredits,
      });
    }
    const results = await Promise.all(
      accepted.map((response) => settled(stack, user.token, response.body.transformationId!)),
    );
    expect(results.map((result) => result.status)).toEqual(['succeeded', 'succeeded']);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(0);
    expect(await charged(user.orgId)).toBe(2);
    // A start refused in the race past the fast check leaves a failed record, never a started one.
    const records = await transformations(user.orgId);
    expect(records.filter((record) => record.status !== 'failed')).toHaveLength(2);
  });

  it('gives the credit back when a job fails, freeing its reservation', async () => {
    const user = await orgUser(stack, ddb, 1);
    // A JPEG signature (the start's check, decision 094) over bytes that do not decode: Validate refuses it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not an image')]);
    const uploadId = await upload(stack, user.token, broken, 'image/jpeg', 'photo.jpg', 1000);
    const started = await start(stack, user.token, 'enhance', { uploadId });
    expect(started.status).toBe(202);
    expect(await settled(stack, user.token, started.body.transformationId!)).toMatchObject({
      status: 'failed',
      code: 'IMAGE_REJECTED',
      creditBalance: 1,
    });
    expect(await openReservations(user.orgId)).toEqual([]);
    expect(await charged(user.orgId)).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  let user: OrgUser;
  beforeAll(async () => {
    user = await orgUser(stack, ddb, 10);
  });

  it('starts one transformation, charged once, for two concurrent identical starts', async () => {
    const before = await creditBalance(stack, ddb, user.orgId);
    const uploadId = await upload(stack, user.token, photo);
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all(
      [1, 2].map(() => start(stack, user.token, 'enhance', { uploadId }, { 'Idempotency-Key': key })),
    );
    expect([a!.status, b!.status]).toEqual([202, 202]);
    expect(a!.body.transformationId).toBe(b!.body.transformationId);
    const replayed = [a!, b!].filter((response) => response.headers.get('idempotent-replayed') === 'true');
    expect(replayed).toHaveLength(1);
    const id = a!.body.transformationId!;
    expect(await settled(stack, user.token, id)).toMatchObject({ status: 'succeeded' });
    const records = (await transformations(user.orgId)).filter((record) => record.uploadId === uploadId);
    expect(records.map((record) => record.id)).toEqual([id]);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(before - 1);

    // Later, within 24 hours: the same answer, nothing more started.
    const again = await start(stack, user.token, 'enhance', { uploadId }, { 'idempotency-key': key });
    expect(again).toMatchObject({ status: 202, body: { transformationId: id } });
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(before - 1);
  });

  it('answers 400 in French for a malformed key, and for a key sent with another request', async () => {
    const uploadId = await upload(stack, user.token, photo);
    for (const bad of ['short', 'x'.repeat(129), 'clé-invalide-avec-accents']) {
      const response = await start(stack, user.token, 'enhance', { uploadId }, { 'Idempotency-Key': bad });
      expect(response).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.invalidIdempotencyKey },
      });
    }
    const key = crypto.randomUUID();
    const first = await start(stack, user.token, 'enhance', { uploadId }, { 'Idempotency-Key': key });
    expect(first.status).toBe(202);
    const other = await start(stack, user.token, 'sky-replacement', { uploadId }, { 'Idempotency-Key': key });
    expect(other).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: TRANSFORMATION_MESSAGES.idempotencyKeyReused },
    });
    await settled(stack, user.token, first.body.transformationId!);
  });

  it('lets a key refused for credits start once credits are back', async () => {
    const broke = await orgUser(stack, ddb, 0);
    const uploadId = await upload(stack, broke.token, photo);
    const key = crypto.randomUUID();
    const refused = await start(stack, broke.token, 'enhance', { uploadId }, { 'Idempotency-Key': key });
    expect(refused.status).toBe(402);
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.organization(broke.orgId),
        UpdateExpression: 'SET creditBalance = :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const retried = await start(stack, broke.token, 'enhance', { uploadId }, { 'Idempotency-Key': key });
    expect(retried.status).toBe(202);
    expect(await settled(stack, broke.token, retried.body.transformationId!)).toMatchObject({ status: 'succeeded' });
  });
});
