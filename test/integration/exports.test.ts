/**
 * Exports with the disclosure mark on the local stack (issue 24, decisions 117 and 118): a real
 * sky replacement saved, exported marked with its QR code; the QR code decodes to the public
 * original, which answers the original's bytes without an account; the clean version is the
 * result itself; HDR is never marked; the setting (owner and admins) changes the render; a
 * deleted image's original link answers the share page's 'gone'.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import {
  DEFAULT_DISCLOSURE_MARK,
  SHARES_API_TEXTS,
  type DisclosureMarkSettings,
  type Image,
  type ImageExport,
  type Transformation,
} from '@vitrine/shared';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';
import { decodeQr } from '../fixtures/qr-code';

const PHOTO = readFileSync(path.join(__dirname, '../fixtures/photos/sky/cathedral-clouds.jpg'));

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let sky: { image: Image; transformation: Transformation };

async function transformedImage(owner: OrgUser, type: string, options: object) {
  const uploadId = await upload(stack, owner.token, PHOTO, 'image/jpeg', 'cathedrale.jpg');
  const started = await start(stack, owner.token, type, { uploadId, ...options });
  expect(started.status).toBe(202);
  const transformation = await settled(stack, owner.token, started.body.transformationId!);
  expect(transformation.status).toBe('succeeded');
  const saved = await api<Image>(stack, '/api/images/no-project', {
    method: 'POST',
    token: owner.token,
    body: { transformationId: transformation.id },
  });
  expect(saved.status).toBe(201);
  return { image: saved.body, transformation };
}

const exportOf = (owner: OrgUser, imageId: string, version?: string) =>
  api<ImageExport>(stack, `/api/exports/images/${imageId}${version ? `?version=${version}` : ''}`, {
    token: owner.token,
  });

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  alice = await orgUser(stack, ddb, 5);
  sky = await transformedImage(alice, 'sky-replacement', { sky_type: 'sunset' });
}, 120_000);

afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

it('exports a sky replacement marked, with a QR code that opens the original without an account', async () => {
  const settings = await api<DisclosureMarkSettings>(stack, '/api/disclosure-mark', { token: alice.token });
  expect(settings.body).toEqual(DEFAULT_DISCLOSURE_MARK);

  const marked = await exportOf(alice, sky.image.id);
  expect(marked.status).toBe(200);
  expect(marked.body).toMatchObject({ marked: true, contentType: 'image/jpeg' });
  const markedBytes = await bytesOf(marked.body.url);
  const clean = await exportOf(alice, sky.image.id, 'clean');
  expect(clean.body.marked).toBe(false);
  const cleanBytes = await bytesOf(clean.body.url);
  expect(cleanBytes.equals(await bytesOf(sky.transformation.resultUrl!))).toBe(true);
  expect(markedBytes.equals(cleanBytes)).toBe(false);
  expect(await sharp(markedBytes).metadata()).toMatchObject({ width: 1024, height: 683 });
  expect(await decodeQr(cleanBytes)).toBeUndefined();

  const qrUrl = await decodeQr(markedBytes);
  expect(qrUrl).toMatch(new RegExp(`^${stack.url}/api/public/originals/[A-Za-z0-9_-]{43}$`));
  const opened = await fetch(qrUrl!, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  expect(opened.headers.get('x-robots-tag')).toContain('noindex');
  const original = await bytesOf(opened.headers.get('location')!);
  expect(original.equals(await bytesOf(sky.transformation.originalUrl!))).toBe(true);

  // The second export is the cached render, with the same QR code.
  const again = await exportOf(alice, sky.image.id);
  expect(again.body.url.split('?')[0]).toBe(marked.body.url.split('?')[0]);
});

it('renders anew when the setting changes; without the mark the export is the clean result', async () => {
  const before = await exportOf(alice, sky.image.id);
  const changed = { ...DEFAULT_DISCLOSURE_MARK, corner: 'top-right', language: 'en', qrCode: false };
  const saved = await api(stack, '/api/disclosure-mark', { method: 'PUT', token: alice.token, body: changed });
  expect(saved).toMatchObject({ status: 200, body: changed });
  const after = await exportOf(alice, sky.image.id);
  expect(after.body.marked).toBe(true);
  expect(after.body.url.split('?')[0]).not.toBe(before.body.url.split('?')[0]);
  expect(await decodeQr(await bytesOf(after.body.url))).toBeUndefined();

  const invalid = await api(stack, '/api/disclosure-mark', {
    method: 'PUT',
    token: alice.token,
    body: { ...changed, corner: 'middle' },
  });
  expect(invalid.status).toBe(400);

  await api(stack, '/api/disclosure-mark', { method: 'PUT', token: alice.token, body: { ...changed, enabled: false } });
  const off = await exportOf(alice, sky.image.id);
  expect(off.body.marked).toBe(false);
  await api(stack, '/api/disclosure-mark', { method: 'PUT', token: alice.token, body: DEFAULT_DISCLOSURE_MARK });
});

it('never marks an HDR enhancement (a routine adjustment)', async () => {
  const hdr = await transformedImage(alice, 'enhance', {});
  const exported = await exportOf(alice, hdr.image.id);
  expect(exported.body.marked).toBe(false);
  expect((await bytesOf(exported.body.url)).equals(await bytesOf(hdr.transformation.resultUrl!))).toBe(true);
});

it("answers 'gone' once the image is deleted, and for unknown or malformed tokens", async () => {
  const other = await transformedImage(alice, 'sky-replacement', { sky_type: 'blue' });
  const qrUrl = await decodeQr(await bytesOf((await exportOf(alice, other.image.id)).body.url));
  expect((await fetch(qrUrl!, { redirect: 'manual' })).status).toBe(302);
  expect((await api(stack, `/api/images/${other.image.id}`, { method: 'DELETE', token: alice.token })).status).toBe(
    204,
  );
  const gone = { status: 404, body: { code: 'NOT_FOUND', message: SHARES_API_TEXTS.gone } };
  expect(await api(stack, new URL(qrUrl!).pathname)).toMatchObject(gone);
  expect(await api(stack, `/api/public/originals/${'A'.repeat(43)}`)).toMatchObject(gone);
  expect(await api(stack, '/api/public/originals/court')).toMatchObject(gone);
});

it('refuses a version other than marked or clean', async () => {
  expect((await exportOf(alice, sky.image.id, 'raw')).status).toBe(400);
});
