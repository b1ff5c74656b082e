/**
 * The organization's transformation history on the local stack (decisions 090, 091): every closed
 * transformation listed newest first, saved or not, with its file name, type, options and author;
 * 'unsaved' leaves out what was saved; deleting takes one out; results are JPEG unless the
 * original was a PNG with transparency, and the signed URL serves that content type.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { API_TEXTS, type HistoryImage, type Page } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { startTestStack, type TestStack } from './helpers/stack';
import { api } from './helpers/users';
import { orgUser, settled, start, tableClient, upload, type OrgUser } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let alice: OrgUser;
let bob: OrgUser;
let jpegId: string;
let pngId: string;

const history = (token: string, query = '') =>
  api<Page<HistoryImage> & { code?: string; message?: string }>(stack, `/api/transformations${query}`, { token });

/** The history once it lists `count` transformations (a transformation enters it when it is closed). */
async function historyWith(token: string, count: number, query = '') {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await history(token, query);
    if (answer.status !== 200) throw new Error(`history: ${answer.status}`);
    if (answer.body.items.length >= count || Date.now() > deadline) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
  [alice, bob] = await Promise.all([orgUser(stack, ddb, 5), orgUser(stack, ddb, 3)]);
  const photo = await encodeJpeg(renderHouseScene(houseScene(400, 300)), 400, 300);
  const jpegUpload = await upload(stack, alice.token, photo, 'image/jpeg', 'facade-sud.jpg');
  jpegId = (await start(stack, alice.token, 'sky-replacement', { uploadId: jpegUpload, sky_type: 'sunset' })).body
    .transformationId!;
  expect((await settled(stack, alice.token, jpegId)).status).toBe('succeeded');
  // A PNG whose left half is transparent: its result stays a PNG.
  const withHole = await sharp(photo)
    .ensureAlpha()
    .composite([
      {
        input: await sharp({
          create: { width: 200, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
        })
          .png()
          .toBuffer(),
        blend: 'source',
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
  const pngUpload = await upload(stack, alice.token, withHole, 'image/png', 'plan-detoure.png');
  pngId = (await start(stack, alice.token, 'enhance', { uploadId: pngUpload })).body.transformationId!;
  expect((await settled(stack, alice.token, pngId)).status).toBe('succeeded');
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

describe('GET /api/transformations', () => {
  it('lists every closed transformation, newest first, with its name, type, options and author', async () => {
    const { items, nextCursor } = await historyWith(alice.token, 2);
    expect(nextCursor).toBeNull();
    expect(items.map((item) => item.id)).toEqual([pngId, jpegId]);
    expect(items[1]).toMatchObject({
      id: jpegId,
      transformationId: jpegId,
      name: 'facade-sud.jpg',
      type: 'sky-replacement',
      options: { sky_type: 'sunset' },
      status: 'staged',
      projectId: null,
      saved: false,
      userId: alice.sub,
      resultContentType: 'image/jpeg',
      thumbnailUrl: expect.any(String),
      originalThumbnailUrl: expect.any(String),
    });
    expect(items[1]!.authorName).toEqual(expect.any(String));
    expect(items[0]).toMatchObject({ name: 'plan-detoure.png', type: 'enhance', resultContentType: 'image/png' });
  });

  it('serves a JPEG result for a JPEG original and a PNG only for a transparent PNG', async () => {
    const { items } = await historyWith(alice.token, 2);
    for (const item of items) {
      const response = await fetch(item.transformedSignedUrl!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(item.resultContentType);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      // At the original's resolution.
      expect(meta).toMatchObject({
        format: item.resultContentType === 'image/jpeg' ? 'jpeg' : 'png',
        width: 400,
        height: 300,
      });
    }
  });

  it('pages with a cursor, and refuses an unknown view in French', async () => {
    const first = await history(alice.token, '?limit=1');
    expect(first.body.items.map((item) => item.id)).toEqual([pngId]);
    const second = await history(alice.token, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((item) => item.id)).toEqual([jpegId]);
    expect(await history(alice.token, '?view=everything')).toMatchObject({
      status: 400,
      body: { message: API_TEXTS.invalidHistoryView },
    });
    // Another organization's cursor is refused, its history empty.
    expect((await history(bob.token, `?cursor=${first.body.nextCursor}`)).status).toBe(400);
    expect((await history(bob.token)).body).toEqual({ items: [], nextCursor: null });
  });

  it("'unsaved' leaves out what was saved; the full history still lists it, marked saved", async () => {
    expect((await historyWith(alice.token, 2, '?view=unsaved')).items.map((item) => item.id)).toEqual([pngId, jpegId]);
    const saved = await api(stack, '/api/images/no-project', {
      method: 'POST',
      token: alice.token,
      body: { transformationId: jpegId },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ options: { sky_type: 'sunset' }, resultContentType: 'image/jpeg' });
    expect((await history(alice.token, '?view=unsaved')).body.items.map((item) => item.id)).toEqual([pngId]);
    const all = (await history(alice.token)).body.items;
    expect(all.find((item) => item.id === jpegId)).toMatchObject({ saved: true });
  });

  it('deletes a transformation from the history, once; another organization only misses', async () => {
    const path = `/api/transformations/${pngId}`;
    expect((await api(stack, path, { method: 'DELETE', token: bob.token })).status).toBe(404);
    expect((await api(stack, path, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await history(alice.token)).body.items.map((item) => item.id)).toEqual([jpegId]);
    expect((await api(stack, path, { method: 'DELETE', token: alice.token })).status).toBe(404);
    // Its status is still readable: deleting from the history deletes nothing paid for in the books.
    expect((await api(stack, path, { token: alice.token })).status).toBe(200);
  });
});
