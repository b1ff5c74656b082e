import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '@vitrine/shared';
import { gsi1Keys, keys } from '../lib/keys';
import { imageIdFor } from './image-store';
import { ObjectExpiredError, type StoredObject } from './keep-objects';
import { saveImage, type SavableTransformation, type SaveImageDeps } from './save-image';
import { toImage } from './to-image';

const succeeded: SavableTransformation = {
  id: 'tx-1',
  type: 'sky-replacement',
  status: 'succeeded',
  fileName: 'salon.jpg',
  originalBucket: 'uploads',
  originalKey: 'uploads/org-1/up-1',
  resultBucket: 'results',
  resultKey: 'results/org-1/tx-1.png',
  simulated: false,
};

/** A document client that stores puts in a map and honours `attribute_not_exists(pk)`. */
function fakeTable() {
  const items = new Map<string, Record<string, unknown>>();
  const keyOf = (key: Record<string, unknown>) => `${String(key.pk)}|${String(key.sk)}`;
  const send = jest.fn(async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const { input } = command;
    if (command.constructor.name === 'PutCommand') {
      const item = input.Item as Record<string, unknown>;
      if (items.has(keyOf(item))) {
        throw Object.assign(new Error('conditional'), { name: 'ConditionalCheckFailedException' });
      }
      items.set(keyOf(item), item);
      return {};
    }
    if (command.constructor.name === 'GetCommand')
      return { Item: items.get(keyOf(input.Key as Record<string, unknown>)) };
    throw new Error(`unexpected ${command.constructor.name}`);
  });
  return { items, ddb: { send } as unknown as DynamoDBDocumentClient };
}

function deps(
  overrides: Partial<SaveImageDeps> = {},
): SaveImageDeps & { items: Map<string, unknown>; kept: StoredObject[] } {
  const { items, ddb } = fakeTable();
  const kept: StoredObject[] = [];
  return {
    items,
    kept,
    ddb,
    tableName: 'table',
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
    expect(d.items.size).toBe(2);
    expect(first.record).toMatchObject({
      id: imageIdFor('tx-1', 'p-1'),
      name: 'salon.jpg',
      status: 'staged',
      projectId: 'p-1',
      originalFilePath: 'uploads/org-1/up-1',
      transformedFilePath: 'results/org-1/tx-1.png',
      gsi1pk: gsi1Keys.imagePlace('org-1', 'p-1'),
      ...keys.image('org-1', imageIdFor('tx-1', 'p-1')),
    });
  });

  it('answers 404 for a project or transformation outside the organization', async () => {
    const d = deps();
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-other' }),
    ).rejects.toMatchObject({ statusCode: 404, message: MESSAGES.processing.projectNotFound });
    await expect(
      saveImage(d, { orgId: 'org-2', userId: 'u-2', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 404, message: MESSAGES.processing.transformationNotFound });
    expect(d.items.size).toBe(0);
  });

  it('refuses a transformation without a result', async () => {
    const d = deps({ findTransformation: async () => ({ ...succeeded, status: 'processing', resultKey: undefined }) });
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.processing.transformationNotFinished });
  });

  it('keeps the original and the result from the unsaved-objects expiry', async () => {
    const d = deps();
    await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: 'p-1' });
    expect(d.kept).toEqual([
      { bucket: 'uploads', key: 'uploads/org-1/up-1' },
      { bucket: 'results', key: 'results/org-1/tx-1.png' },
    ]);
  });

  it('answers 409 in French, saving nothing, when the unsaved result has expired', async () => {
    const d = deps({
      keepObjects: async () => {
        throw new ObjectExpiredError('gone');
      },
    });
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'CONFLICT', message: MESSAGES.processing.resultExpired });
    expect(d.items.size).toBe(0);
  });

  it('refuses a transformation whose original never passed validation', async () => {
    const d = deps({ findTransformation: async () => ({ ...succeeded, originalKey: undefined }) });
    await expect(
      saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('toImage', () => {
  it('signs the original and the result, the result being the display url', async () => {
    const d = deps();
    const { record } = await saveImage(d, { orgId: 'org-1', userId: 'u-1', transformationId: 'tx-1', projectId: null });
    const image = await toImage(record, async (bucket, key) => `https://signed/${bucket}/${key}`);
    expect(image).toMatchObject({
      id: record.id,
      projectId: null,
      originalSignedUrl: 'https://signed/uploads/uploads/org-1/up-1',
      transformedSignedUrl: 'https://signed/results/results/org-1/tx-1.png',
      url: 'https://signed/results/results/org-1/tx-1.png',
      transformationId: 'tx-1',
    });
    expect(image).not.toHaveProperty('pk');
  });
});
