import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECTS_TEXTS, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { imageIdFor } from './image-store';
import { ObjectExpiredError, type StoredObject } from './keep-objects';
import { saveImage, type SavableTransformation, type SaveImageDeps } from './save-image';
import { toImage } from './to-image';

const succeeded: SavableTransformation = {
  id: 'tx-1',
  type: 'sky-replacement',
  options: { sky_type: 'sunset' },
  status: 'succeeded',
  fileName: 'salon.jpg',
  originalBucket: 'uploads',
  originalKey: 'uploads/org-1/up-1',
  resultBucket: 'results',
  resultKey: 'results/org-1/tx-1.jpg',
  thumbnailKey: 'thumbnails/org-1/tx-1/result.webp',
  originalThumbnailKey: 'thumbnails/org-1/tx-1/original.webp',
  simulated: false,
};

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable();
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.project('org-1', 'p-1'), id: 'p-1', name: 'Villa', imageCount: 0 },
    }),
  );
});
afterAll(() => table.close());

/** Images of the organizations these tests use, as stored. */
async function storedImages() {
  const images = [];
  for (const orgId of ['org-1', 'org-2']) {
    const { Items } = await table.ddb.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :image)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':image': SK_PREFIX.image },
      }),
    );
    images.push(...(Items ?? []));
  }
  return images;
}

function deps(overrides: Partial<SaveImageDeps> = {}): SaveImageDeps & { kept: StoredObject[]; marked: string[] } {
  const kept: StoredObject[] = [];
  const marked: string[] = [];
  return {
    kept,
    marked,
    markSaved: async (orgId, transformationId, at, imageId) =>
      void marked.push(`${orgId}/${transformationId} ${at} ${imageId}`),
    ddb: table.ddb,
    tableName: table.tableName,
    findTransformation: async (orgId, id) => (orgId === 'org-1' && id === 'tx-1' ? succeeded : undefined),
    projectExists: async (orgId, projectId) => orgId === 'org-1' && projectId === 'p-1',
    keepObjects: async (objects) => void kept.push(...objects),
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    ...overrides,
  };
}

describe('saveImage', () => {
  it('stores a staged image referring to the stored objects, once per place', async () => {
    const d = deps();
    const first = await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-1' });
    const again = await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-1' });
    const unclassified = await saveImage(d, {
      orgId: 'org-1',
      userId: 'u-1',
      transformationId: 'tx-1',
      projectId: null,
    });

    expect(first.created).toBe(true);
    expect(again).toEqual({ record: first.record, created: false });
    expect(unclassified.created).toBe(true);
    expect(unclassified.record.id).not.toBe(first.record.id);
    expect(await storedImages()).toHaveLength(2);
    // Every save marks the transformation saved (decision 090), naming its image (decision 130):
    // a retried save completes a failed mark.
    const at = '2026-01-02T03:04:05.000Z';
    expect(d.marked).toEqual([
      `org-1/tx-1 ${at} ${first.record.id}`,
      `org-1/tx-1 ${at} ${first.record.id}`,
      `org-1/tx-1 ${at} ${unclassified.record.id}`,
    ]);
    expect(first.record).toMatchObject({
      id: imageIdFor('tx-1', 'p-1'),
      name: 'salon.jpg',
      type: 'sky-replacement',
      options: { sky_type: 'sunset' },
      status: 'staged',
      projectId: 'p-1',
      originalFilePath: 'uploads/org-1/up-1',
      transformedFilePath: 'results/org-1/tx-1.jpg',
      thumbnailFilePath: 'thumbnails/org-1/tx-1/result.webp',
      originalThumbnailFilePath: 'thumbnails/org-1/tx-1/original.webp',
      gsi1pk: gsi1Keys.imagePlace('org-1', 'p-1'),
      ...keys.image('org-1', imageIdFor('tx-1', 'p-1')),
    });
    // Saved once: the project counts it once; its thumbnail is this image's result.
    const { Item: project } = await table.ddb.send(
      new GetCommand({ TableName: table.tableName, Key: keys.project('org-1', 'p-1') }),
    );
    expect(project).toMatchObject({
      imageCount: 1,
      thumbnail: { imageId: first.record.id, key: 'thumbnails/org-1/tx-1/result.webp', bucket: 'results' },
    });
  });

  it('answers 404 for a project or transformation outside the organization', async () => {
    const d = deps();
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-other' }),
    ).rejects.toMatchObject({ statusCode: 404, message: PROJECTS_TEXTS.notFoundOrDenied });
    await expect(
      saveImage(d, { orgId: 'org-2', userId: 'u-2', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 404, message: TRANSFORMATION_MESSAGES.transformationNotFound });
    expect(await storedImages()).toHaveLength(2);
  });

  it('refuses a transformation without a result', async () => {
    const d = deps({ findTransformation: async () => ({ ...succeeded, status: 'processing', resultKey: undefined }) });
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409, message: TRANSFORMATION_MESSAGES.transformationNotFinished });
  });

  it('keeps the original, the result and their thumbnails from the unsaved-objects expiry', async () => {
    const d = deps();
    await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-1' });
    expect(d.kept).toEqual([
      { bucket: 'uploads', key: 'uploads/org-1/up-1' },
      { bucket: 'results', key: 'results/org-1/tx-1.jpg' },
      { bucket: 'results', key: 'thumbnails/org-1/tx-1/result.webp' },
      { bucket: 'results', key: 'thumbnails/org-1/tx-1/original.webp' },
    ]);
  });

  it('answers 409 in French, saving nothing, when the unsaved result has expired', async () => {
    const d = deps({
      keepObjects: async () => {
        throw new ObjectExpiredError('gone');
      },
    });
    const before = (await storedImages()).length;
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT', message: TRANSFORMATION_MESSAGES.resultExpired });
    expect(await storedImages()).toHaveLength(before);
  });

  it('refuses a transformation whose original never passed validation', async () => {
    const d = deps({ findTransformation: async () => ({ ...succeeded, originalKey: undefined }) });
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('toImage', () => {
  it('signs the original, the result (the display url) and both thumbnails', async () => {
    const d = deps();
    const { record } = await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null });
    const image = await toImage(record, async (bucket, key) => `https://signed/${bucket}/${key}`);
    expect(image).toMatchObject({
      id: record.id,
      projectId: null,
      originalSignedUrl: 'https://signed/uploads/uploads/org-1/up-1',
      transformedSignedUrl: 'https://signed/results/results/org-1/tx-1.jpg',
      url: 'https://signed/results/results/org-1/tx-1.jpg',
      thumbnailUrl: 'https://signed/results/thumbnails/org-1/tx-1/result.webp',
      originalThumbnailUrl: 'https://signed/results/thumbnails/org-1/tx-1/original.webp',
      transformationId: 'tx-1',
      options: { sky_type: 'sunset' },
      // From the result's key (decision 091).
      resultContentType: 'image/jpeg',
    });
    expect(image).not.toHaveProperty('pk');
  });

  it('has no thumbnail URLs for an image saved before thumbnails existed', async () => {
    const {
      thumbnailFilePath: _result,
      originalThumbnailFilePath: _original,
      ...older
    } = (await saveImage(deps(), { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null })).record;
    const image = await toImage(older, async (bucket, key) => `https://signed/${bucket}/${key}`);
    expect(image).toMatchObject({ thumbnailUrl: null, originalThumbnailUrl: null });
  });

  it('says PNG for a result stored before JPEG results, and no options for an image saved before they were copied', async () => {
    const { options: _options, ...older } = (
      await saveImage(deps(), { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null })
    ).record;
    const image = await toImage(
      { ...older, transformedFilePath: 'results/org-1/tx-1.png' },
      async (bucket, key) => `https://signed/${bucket}/${key}`,
    );
    expect(image.resultContentType).toBe('image/png');
    expect(image).not.toHaveProperty('options');
  });
});
