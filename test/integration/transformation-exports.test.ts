/**
 * Exports of a transformation's result nobody saved yet, on the local stack (issue 24, decision
 * 130): a real sky replacement, exported marked and clean from its transformation; its QR code
 * opens the original without an account, keeps it out of the unsaved objects' expiry, still opens
 * it once the result has expired, and, once the result is saved, follows the saved image; a result
 * deleted from the history exports nothing and its code opens nothing. Refusals: no session,
 * no organization, another organization's or an unknown id (404 in French), a version other than
 * marked or clean. The member, admin and owner rows are in authorization-matrix.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import {
  SHARES_API_TEXTS,
  TRANSFORMATION_MESSAGES,
  type Image,
  type ImageExport,
  type Transformation,
} from '@vitrine/shared';
import { keys } from '../../functions/src/lib/keys';
import type { TransformationRecord } from '../../functions/src/lib/records';
import { S3RVER_CREDENTIALS } from '../../infra/local/s3';
import { startTestStack, type TestStack } from './helpers/stack';
import { person } from './helpers/team';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';
import { decodeQr } from '../fixtures/qr-code';

const PHOTO = readFileSync(path.join(__dirname, '../fixtures/photos/sky/cathedral-clouds.jpg'));

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let s3: S3Client;
let alice: OrgUser;
let bob: OrgUser;

/** A sky replacement of the photo, left unsaved. */
async function skyResult(owner: OrgUser): Promise<Transformation> {
  const uploadId = await upload(stack, owner.token, PHOTO, 'image/jpeg', 'cathedrale.jpg');
  const started = await start(stack, owner.token, 'sky-replacement', { uploadId, sky_type: 'sunset' });
  expect(started.status).toBe(202);
  const transformation = await settled(stack, owner.token, started.body.transformationId!);
  expect(transformation.status).toBe('succeeded');
  return transformation;
}

const exportOf = (token: string | undefined, transformationId: string, version?: string) =>
  api<ImageExport & { message?: string }>(
    stack,
    `/api/exports/transformations/${transformationId}${version ? `?version=${version}` : ''}`,
    { token },
  );

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The QR code of the transformation's marked export. */
async function qrUrlOf(transformationId: string): Promise<string> {
  const exported = await exportOf(alice.token, transformationId);
  expect(exported).toMatchObject({ status: 200, body: { marked: true } });
  const url = await decodeQr(await bytesOf(exported.body.url));
  expect(url).toMatch(new RegExp(`^${stack.url}/api/public/originals/[A-Za-z0-9_-]{43}$`));
  return url!;
}

/** The bytes the QR code opens, without an account. */
async function openedOriginal(qrUrl: string): Promise<Buffer> {
  const opened = await fetch(qrUrl, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  expect(opened.headers.get('x-robots-tag')).toContain('noindex');
  return bytesOf(opened.headers.get('location')!);
}

const gone = { status: 404, body: { code: 'NOT_FOUND', message: SHARES_API_TEXTS.gone } };

async function record(orgId: string, id: string): Promise<TransformationRecord> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.transformation(orgId, id) }),
  );
  return Item as TransformationRecord;
}

const retention = async (key: string) =>
  (await s3.send(new GetObjectTaggingCommand({ Bucket: stack.env.UPLOADS_BUCKET, Key: key }))).TagSet;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  s3 = new S3Client({
    endpoint: stack.services.s3,
    region: stack.config.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 10), orgUser(stack, ddb, 2)]);
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  ddb?.destroy();
  await stack?.destroy();
});

it('exports an unsaved result marked, with a QR code that opens its original and keeps it; clean is the result itself', async () => {
  const sky = await skyResult(alice);
  const { normalisedKey } = await record(alice.orgId, sky.id);
  // Written tagged to expire with the unsaved results (decision 052).
  expect(await retention(normalisedKey!)).toEqual([{ Key: 'retention', Value: 'unsaved' }]);

  const marked = await exportOf(alice.token, sky.id);
  expect(marked).toMatchObject({ status: 200, body: { marked: true, contentType: 'image/jpeg' } });
  const markedBytes = await bytesOf(marked.body.url);
  const clean = await exportOf(alice.token, sky.id, 'clean');
  expect(clean).toMatchObject({ status: 200, body: { marked: false, contentType: 'image/jpeg' } });
  const cleanBytes = await bytesOf(clean.body.url);
  expect(cleanBytes.equals(await bytesOf(sky.resultUrl!))).toBe(true);
  expect(markedBytes.equals(cleanBytes)).toBe(false);
  expect(await sharp(markedBytes).metadata()).toMatchObject({ width: 1024, height: 683 });
  expect(await decodeQr(cleanBytes)).toBeUndefined();

  const qrUrl = await decodeQr(markedBytes);
  expect((await openedOriginal(qrUrl!)).equals(await bytesOf(sky.originalUrl!))).toBe(true);
  // The code points at it: the original is kept past the unsaved results' expiry (decision 130).
  expect(await retention(normalisedKey!)).toEqual([{ Key: 'retention', Value: 'saved' }]);
  // Still unsaved: the history's 'Non sauvegardées' lists it.
  expect((await record(alice.orgId, sky.id)).savedAt).toBeUndefined();

  // The second export is the cached render, with the same code.
  const again = await exportOf(alice.token, sky.id);
  expect(again.body.url.split('?')[0]).toBe(marked.body.url.split('?')[0]);
});

it('still opens the original once the unsaved result has expired, and then says the result is gone', async () => {
  const sky = await skyResult(alice);
  const qrUrl = await qrUrlOf(sky.id);
  // What the bucket's lifecycle does to an unsaved result after 31 days (decision 090).
  const { resultKey } = await record(alice.orgId, sky.id);
  await s3.send(new DeleteObjectCommand({ Bucket: stack.env.RESULTS_BUCKET, Key: resultKey }));

  expect((await openedOriginal(qrUrl)).equals(await bytesOf(sky.originalUrl!))).toBe(true);
  const expired = { status: 409, body: { message: TRANSFORMATION_MESSAGES.resultExpired } };
  expect(await exportOf(alice.token, sky.id, 'clean')).toMatchObject(expired);
  // The marked render of the same setting is cached; a changed setting would need the result.
  expect((await exportOf(alice.token, sky.id)).status).toBe(200);
});

it('follows the saved image once the result is saved: same code, gone with its images', async () => {
  const sky = await skyResult(alice);
  const qrUrl = await qrUrlOf(sky.id);
  const project = await api<{ id: string }>(stack, '/api/projects', {
    method: 'POST',
    token: alice.token,
    body: { name: 'Cathédrale' },
  });
  const saved = await api<Image>(stack, `/api/images/project/${project.body.id}`, {
    method: 'POST',
    token: alice.token,
    body: { transformationId: sky.id },
  });
  expect(saved.status).toBe(201);
  // A second save elsewhere: the first one's image is what the link follows.
  const second = await api<Image>(stack, '/api/images/no-project', {
    method: 'POST',
    token: alice.token,
    body: { transformationId: sky.id },
  });
  expect(second.status).toBe(201);
  expect((await record(alice.orgId, sky.id)).savedImageId).toBe(saved.body.id);

  expect((await openedOriginal(qrUrl)).equals(await bytesOf(sky.originalUrl!))).toBe(true);
  // The saved image's export and the transformation's print the same code.
  expect(await qrUrlOf(sky.id)).toBe(qrUrl);
  const imageExport = await api<ImageExport>(stack, `/api/exports/images/${saved.body.id}`, { token: alice.token });
  expect(await decodeQr(await bytesOf(imageExport.body.url))).toBe(qrUrl);

  // As any image's code (decisions 098, 118): the image without a project stands in for the one
  // it follows, as when a project's deletion moves it there; deleting both takes the code down.
  const deleteImage = (id: string) => api(stack, `/api/images/${id}`, { method: 'DELETE', token: alice.token });
  expect((await deleteImage(saved.body.id)).status).toBe(204);
  expect((await fetch(qrUrl, { redirect: 'manual' })).status).toBe(302);
  expect((await deleteImage(second.body.id)).status).toBe(204);
  expect(await api(stack, new URL(qrUrl).pathname)).toMatchObject(gone);
});

it('exports nothing of a result deleted from the history, whose code then opens nothing', async () => {
  const sky = await skyResult(alice);
  const qrUrl = await qrUrlOf(sky.id);
  expect((await api(stack, `/api/transformations/${sky.id}`, { method: 'DELETE', token: alice.token })).status).toBe(
    204,
  );
  expect(await api(stack, new URL(qrUrl).pathname)).toMatchObject(gone);
  expect(await exportOf(alice.token, sky.id)).toMatchObject({
    status: 404,
    body: { message: TRANSFORMATION_MESSAGES.transformationNotFound },
  });
});

it("refuses no session, no organization, another organization's or an unknown transformation, and an unknown version", async () => {
  const sky = await skyResult(bob);
  const notFound = {
    status: 404,
    body: { code: 'NOT_FOUND', message: TRANSFORMATION_MESSAGES.transformationNotFound },
  };
  expect(await exportOf(alice.token, sky.id)).toMatchObject(notFound);
  expect(await exportOf(alice.token, '8d3a52f4-0000-4000-8000-000000000000')).toMatchObject(notFound);
  expect((await exportOf(undefined, sky.id)).status).toBe(401);
  expect((await exportOf((await person(stack)).token, sky.id)).status).toBe(403);
  expect((await exportOf(bob.token, sky.id, 'raw')).status).toBe(400);
  expect((await exportOf(bob.token, sky.id, 'clean')).status).toBe(200);
});
