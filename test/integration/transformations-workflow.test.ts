/**
 * Transformations end to end on the local stack: a real presigned upload to s3rver, the real ASL
 * run by the local Step Functions endpoint with the step handlers, polling through the API.
 * Credits: a success costs exactly one, a failure nothing, and concurrency never overspends.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type Transformation } from '@vitrine/shared';
import {
  encodeJpeg,
  houseScene,
  renderHouseScene,
  renderInterior,
} from '../../functions/src/engines/fixtures/synthetic-photos';
import { badImages } from '../../functions/src/workflow/testing/bad-images';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
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

const WIDTH = 640;
const HEIGHT = 480;

// Jest ignores `testTimeout` in a project's config: executions under load need more than 5 s.

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let house: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  house = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

async function run(user: OrgUser, type: string, body: Record<string, unknown>): Promise<Transformation> {
  const started = await start(stack, user.token, type, body);
  expect(started.status).toBe(202);
  return settled(stack, user.token, started.body.transformationId!);
}

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Sum of ledger deltas, and reservations not refunded, for one organization. */
async function ledgerTotals(orgId: string) {
  const entries = await ledger(stack, ddb, orgId);
  const reserves = entries.filter((entry) => entry.sk.endsWith('#reserve')).length;
  const refunds = entries.filter((entry) => entry.sk.endsWith('#refund')).length;
  return { delta: entries.reduce((sum, entry) => sum + entry.delta, 0), charged: reserves - refunds };
}

describe('the happy path', () => {
  it('enhances an uploaded photo into a JPEG of the same size, for exactly one credit', async () => {
    const user = await orgUser(stack, ddb, 3);
    const uploadId = await upload(stack, user.token, house, 'image/jpeg', 'facade.jpg');
    const result = await run(user, 'enhance', { uploadId });

    expect(result).toMatchObject({ type: 'enhance', status: 'succeeded', simulated: false, creditBalance: 2 });
    const jpeg = await download(result.resultUrl!);
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: WIDTH, height: HEIGHT });
    const original = await sharp(await download(result.originalUrl!)).metadata();
    expect(original).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(original.exif).toBeUndefined();

    expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
    expect(await ledgerTotals(user.orgId)).toEqual({ delta: -1, charged: 1 });

    const other = await orgUser(stack, ddb, 3);
    const foreign = await api(stack, `/api/transformations/${result.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(result.id);
  });

  it('replaces the sky with the chosen type and keeps the options it ran with', async () => {
    const user = await orgUser(stack, ddb, 1);
    const uploadId = await upload(stack, user.token, house);
    const result = await run(user, 'sky-replacement', { uploadId, sky_type: 'sunset', style: 'Modern' });
    expect(result).toMatchObject({ status: 'succeeded', options: { sky_type: 'sunset' }, creditBalance: 0 });
    expect(result.options).not.toHaveProperty('style');
    expect((await sharp(await download(result.resultUrl!)).metadata()).width).toBe(WIDTH);
  });

  it('labels a generative type produced by the local simulator as simulated', async () => {
    const user = await orgUser(stack, ddb, 1);
    const uploadId = await upload(stack, user.token, house);
    const result = await run(user, 'virtual-staging', { uploadId, style: 'Japandi', roomType: 'Bedroom' });
    expect(result).toMatchObject({ status: 'succeeded', simulated: true, creditBalance: 0 });
    const meta = await sharp(await download(result.resultUrl!)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: WIDTH, height: HEIGHT });
  });
});

describe('failures cost nothing', () => {
  // S3 refuses a file over the limit at upload (the POST policy's content-length-range), the start a
  // file that is no image by its first bytes (decision 094); the rest reach the workflow.
  const tooLarge = badImages.find((bad) => bad.message === TRANSFORMATION_MESSAGES.fileTooLarge)!;
  const notAnImage = badImages.find((bad) => bad.message === TRANSFORMATION_MESSAGES.notAnImage)!;
  const reachingTheWorkflow = badImages.filter((bad) => bad !== tooLarge && bad !== notAnImage);

  it(`refuses ${notAnImage.label} at the start, in French, with nothing charged or queued`, async () => {
    const user = await orgUser(stack, ddb, 2);
    const uploadId = await upload(stack, user.token, await notAnImage.make(), 'image/jpeg', 'photo.jpg');
    const started = await start(stack, user.token, 'enhance', { uploadId });
    expect(started).toMatchObject({ status: 400, body: { message: notAnImage.message } });
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
    expect((await ledgerTotals(user.orgId)).delta).toBe(0);
  });

  it.each(reachingTheWorkflow.map((bad) => [bad.label, bad] as const))(
    'refuses %s with a French message and no credit taken',
    async (_label, bad) => {
      const user = await orgUser(stack, ddb, 2);
      const bytes = await bad.make();
      // Declares a small JPEG, as a tampered browser could: only the workflow sees the real object.
      const uploadId = await upload(stack, user.token, bytes, 'image/jpeg', 'photo.jpg', 1000);
      const result = await run(user, 'enhance', { uploadId });
      expect(result).toMatchObject({
        status: 'failed',
        code: 'IMAGE_REJECTED',
        message: bad.message,
        creditBalance: 2,
      });
      expect(result.resultUrl).toBeUndefined();
      // The raw upload failed validation: no URL to its bytes (GPS tags, HTML) is ever signed.
      expect(result.originalUrl).toBeUndefined();
      expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
      expect((await ledgerTotals(user.orgId)).delta).toBe(0);
    },
  );

  it(`has S3 refuse ${tooLarge.label} at upload, so nothing can be started or charged`, async () => {
    const user = await orgUser(stack, ddb, 2);
    await expect(upload(stack, user.token, await tooLarge.make(), 'image/jpeg', 'photo.jpg', 1000)).rejects.toThrow(
      /S3 POST: 400 .*EntityTooLarge/s,
    );
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(2);
  });

  it('refunds the credit when the engine fails (a photo without sky)', async () => {
    const user = await orgUser(stack, ddb, 2);
    const interior = await encodeJpeg(renderInterior(WIDTH, HEIGHT), WIDTH, HEIGHT);
    const uploadId = await upload(stack, user.token, interior);
    const result = await run(user, 'sky-replacement', { uploadId });
    expect(result).toMatchObject({
      status: 'failed',
      code: 'IMAGE_REJECTED',
      message: TRANSFORMATION_MESSAGES.noSkyDetected,
      creditBalance: 2,
    });
    expect(await ledgerTotals(user.orgId)).toEqual({ delta: 0, charged: 0 });
  });
});

describe('concurrency', () => {
  it('30 simultaneous starts with 10 credits: exactly 10 succeed, the balance ends at 0', async () => {
    const user = await orgUser(stack, ddb, 10);
    const small = await encodeJpeg(renderHouseScene(houseScene(320, 240)), 320, 240);
    const uploads = await Promise.all(Array.from({ length: 30 }, () => upload(stack, user.token, small)));
    const starts = await Promise.all(uploads.map((uploadId) => start(stack, user.token, 'enhance', { uploadId })));

    // The API's check is a fast path: a start may be refused (402) once the balance reads 0.
    expect(starts.every((response) => response.status === 202 || response.status === 402)).toBe(true);
    const ids = starts.flatMap((response) => (response.status === 202 ? [response.body.transformationId!] : []));
    const results = await Promise.all(ids.map((id) => settled(stack, user.token, id)));
    const succeeded = results.filter((result) => result.status === 'succeeded');
    const failed = results.filter((result) => result.status === 'failed');

    expect(succeeded).toHaveLength(10);
    for (const result of failed) {
      expect(result.code).toBe('INSUFFICIENT_CREDITS');
      expect(result.message).toMatch(/insufficient credits/i);
    }
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(0);
    expect(await ledgerTotals(user.orgId)).toEqual({ delta: -10, charged: 10 });
  });

  it('the same upload started twice at once runs twice, each charged once', async () => {
    const user = await orgUser(stack, ddb, 5);
    const uploadId = await upload(stack, user.token, house);
    const [first, second] = await Promise.all([
      run(user, 'enhance', { uploadId }),
      run(user, 'sky-replacement', { uploadId }),
    ]);
    expect(first.id).not.toBe(second.id);
    expect([first.status, second.status]).toEqual(['succeeded', 'succeeded']);
    expect(await creditBalance(stack, ddb, user.orgId)).toBe(3);
    expect(await ledgerTotals(user.orgId)).toEqual({ delta: -2, charged: 2 });
  });
});
