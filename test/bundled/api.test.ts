/**
 * The integration scenarios through the Lambda bundles AWS runs, on the local stack: the error
 * contract of every body-reading endpoint group, and a transformation end to end (presigned
 * upload, start, the workflow's steps from their two bundles, polling, save, a marked export),
 * then a refusal refunded by the bundled record steps, and a job whose execution died, finished
 * by the bundled reconciler.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type Image, type ImageExport, type Page, API_TEXTS } from '@vitrine/shared';
import { encodeJpeg, houseScene, renderHouseScene } from '../../functions/src/engines/fixtures/synthetic-photos';
import { reserveCredit } from '../../functions/src/credits/credits';
import type { handler as reconcilerHandler } from '../../functions/src/handlers/workflow-reconciler';
import { createTransformation, markProcessing } from '../../functions/src/transformations/transformation-store';
import { RECONCILER_ENTRY } from '../../infra/lib/bundling';
import { runningTransformationWorkflow } from '../../infra/local/transformation-workflow';
import { startTestStack, type TestStack } from '../integration/helpers/stack';
import { api } from '../integration/helpers/users';
import {
  creditBalance,
  orgUser,
  settled,
  start,
  tableClient,
  upload,
  type OrgUser,
} from '../integration/transformations-fixtures';
import { bundleDir } from './bundles';

const WIDTH = 320;
const HEIGHT = 240;

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
let user: OrgUser;
let photo: Buffer;

before(async () => {
  stack = await startTestStack({ seedDemo: false, handlerSource: { bundleDir: bundleDir() } });
  ddb = tableClient(stack);
  user = await orgUser(stack, ddb, 3);
  photo = await encodeJpeg(renderHouseScene(houseScene(WIDTH, HEIGHT)), WIDTH, HEIGHT);
});

after(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

describe('error contract, bundled', () => {
  /** Every route of an endpoint group that reads a JSON body. */
  const bodyRoutes: [method: string, path: string][] = [
    ['PATCH', '/api/users/me'],
    ['POST', '/api/uploads'],
    ['POST', '/api/image-processing/enhance'],
    ['POST', '/api/projects'],
    ['POST', '/api/images/no-project'],
  ];

  for (const [method, path] of bodyRoutes) {
    it(`${method} ${path} answers a JSON body of the wrong shape in French`, async () => {
      for (const body of ['"x"', '[]', '42']) {
        const response = await api(stack, path, { method, token: user.token, body });
        assert.deepEqual(
          [body, response.status, response.body],
          [body, 400, { code: 'VALIDATION', message: API_TEXTS.invalidRequest }],
        );
      }
    });

    it(`${method} ${path} answers malformed JSON in French`, async () => {
      const response = await api(stack, path, { method, token: user.token, body: '{' });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { code: 'MALFORMED_JSON', message: API_TEXTS.malformedJson });
    });
  }

  it('answers an oversize body 413 in French', async () => {
    const response = await api(stack, '/api/users/me', {
      method: 'PATCH',
      token: user.token,
      body: { firstName: 'x'.repeat(20 * 1024) },
    });
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { code: 'PAYLOAD_TOO_LARGE', message: API_TEXTS.payloadTooLarge });
  });

  it('answers an unknown route 404 in French', async () => {
    const response = await api(stack, '/api/nothing-here', { token: user.token });
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { code: 'ROUTE_NOT_FOUND', message: API_TEXTS.routeNotFound });
  });
});

describe('a transformation, bundled', () => {
  it('uploads, runs the workflow to success, and saves the result', async () => {
    const uploadId = await upload(stack, user.token, photo, 'image/jpeg', 'facade.jpg');
    const started = await start(stack, user.token, 'enhance', { uploadId });
    assert.equal(started.status, 202);
    const result = await settled(stack, user.token, started.body.transformationId!);
    assert.equal(result.status, 'succeeded', JSON.stringify(result));
    assert.equal(result.creditBalance, 2);

    // Results are JPEG at the original's size (decision 091).
    const jpeg = await fetch(result.resultUrl!);
    assert.equal(jpeg.status, 200);
    const meta = await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', WIDTH, HEIGHT]);

    const saved = await api<Image>(stack, '/api/images/no-project', {
      method: 'POST',
      token: user.token,
      body: { transformationId: result.id },
    });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    const listed = await api<Page<Image>>(stack, '/api/images/no-project', { token: user.token });
    assert.deepEqual(
      listed.body.items.map((image) => image.id),
      [saved.body.id],
    );
    // The workflow's thumbnails, signed: small WebPs of the result and of the original.
    for (const url of [listed.body.items[0]!.thumbnailUrl!, listed.body.items[0]!.originalThumbnailUrl!]) {
      const thumbnail = await fetch(url);
      assert.equal(thumbnail.headers.get('content-type'), 'image/webp');
      const size = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      assert.equal(Math.max(size.width!, size.height!), Math.min(480, Math.max(WIDTH, HEIGHT)));
    }
  });

  it('replaces the sky with the rendered sky shipped beside the bundled image steps', async () => {
    const owner = await orgUser(stack, ddb, 1);
    const uploadId = await upload(stack, owner.token, photo, 'image/jpeg', 'facade.jpg');
    const started = await start(stack, owner.token, 'sky-replacement', { uploadId, sky_type: 'night' });
    assert.equal(started.status, 202);
    const result = await settled(stack, owner.token, started.body.transformationId!);
    assert.equal(result.status, 'succeeded', JSON.stringify(result));

    // The scene's pale day sky became the night's dark blue (skies/night-1.jpg, found from
    // the bundle's own directory: without it the step fails).
    const png = Buffer.from(await (await fetch(result.resultUrl!)).arrayBuffer());
    const top = await sharp(png).extract({ left: 0, top: 0, width: WIDTH, height: 8 }).removeAlpha().raw().toBuffer();
    const [r, g, b] = [0, 1, 2].map((c) => {
      let sum = 0;
      for (let i = c; i < top.length; i += 3) sum += top[i]!;
      return sum / (top.length / 3);
    }) as [number, number, number];
    assert.ok(b > r + 15 && b < 110, `night sky expected at the top, got ${[r, g, b].map(Math.round).join(', ')}`);

    // Exported with its disclosure mark by the bundled exports group, which loads sharp on the
    // first mark it draws rather than at its cold start.
    const saved = await api<Image>(stack, '/api/images/no-project', {
      method: 'POST',
      token: owner.token,
      body: { transformationId: result.id },
    });
    const exported = await api<ImageExport>(stack, `/api/exports/images/${saved.body.id}`, { token: owner.token });
    assert.equal(exported.status, 200, JSON.stringify(exported.body));
    assert.equal(exported.body.marked, true);
    const marked = Buffer.from(await (await fetch(exported.body.url)).arrayBuffer());
    assert.equal(marked.equals(png), false);
    const markedMeta = await sharp(marked).metadata();
    assert.deepEqual([markedMeta.format, markedMeta.width, markedMeta.height], ['jpeg', WIDTH, HEIGHT]);
  });

  it('refunds a refusal of the provider through the bundled record steps', async () => {
    const workflow = runningTransformationWorkflow();
    assert.ok(workflow);
    const balance = await creditBalance(stack, ddb, user.orgId);
    const uploadId = await upload(stack, user.token, photo);
    workflow.simulator.failNext('refused', 1);
    const started = await start(stack, user.token, 'room-refresh', { uploadId, style: 'Industrial' });
    const result = await settled(stack, user.token, started.body.transformationId!);
    assert.equal(result.status, 'failed');
    assert.equal(result.message, TRANSFORMATION_MESSAGES.engineInputFiltered);
    assert.equal(await creditBalance(stack, ddb, user.orgId), balance);
  });

  it('fails and refunds a job whose execution is gone, through the bundled reconciler', async () => {
    const balance = await creditBalance(stack, ddb, user.orgId);
    // A job whose execution died ten minutes ago, its credit reserved.
    const tenMinutesAgo = { ddb, tableName: stack.env.TABLE_NAME!, now: () => new Date(Date.now() - 600_000) };
    const id = `tx-interrupted-${Date.now()}`;
    await createTransformation(tenMinutesAgo, {
      id,
      orgId: user.orgId,
      userId: user.sub,
      type: 'enhance',
      options: {},
      uploadKey: `uploads/${user.orgId}/gone`,
      seed: 1,
    });
    await markProcessing(tenMinutesAgo, user.orgId, id);
    await reserveCredit(tenMinutesAgo, user.orgId, id);

    const reconcile = await stack.lambdas.load<typeof reconcilerHandler>(RECONCILER_ENTRY);
    const report = await reconcile({});
    assert.equal(report.interrupted, 1);
    const { body } = await api<{ status: string; message: string }>(stack, `/api/transformations/${id}`, {
      token: user.token,
    });
    assert.deepEqual([body.status, body.message], ['failed', TRANSFORMATION_MESSAGES.interrupted]);
    assert.equal(await creditBalance(stack, ddb, user.orgId), balance);
  });

  it('ran no Lambda from its TypeScript source', () => {
    const sources = Object.keys(require.cache).filter((file) => file.includes('/functions/src/handlers/'));
    assert.deepEqual(sources, []);
  });
});
