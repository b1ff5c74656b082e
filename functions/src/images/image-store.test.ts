/** Images in projects on dynalite: the project's count and thumbnail move in the same transactions. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_TEXTS, PROJECTS_TEXTS } from '@vitrine/shared';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord, ProjectRecord } from '../lib/records';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { deleteImage, listImagePage, putImageOnce, thumbnailOf } from './image-store';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable();
});
afterAll(() => table.close());

const ORG = 'org-images';
let counter = 0;

async function newProject(): Promise<string> {
  const id = `p-${++counter}`;
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: { ...keys.project(ORG, id), id, name: 'Villa', imageCount: 0 },
    }),
  );
  return id;
}

async function project(id: string) {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: keys.project(ORG, id), ConsistentRead: true }),
  );
  return Item as ProjectRecord;
}

function image(projectId: string | null, createdAt: string, overrides: Partial<ImageRecord> = {}): ImageRecord {
  const id = `i-${++counter}`;
  return {
    ...keys.image(ORG, id),
    ...gsi1Keys.image(ORG, projectId, createdAt, id),
    id,
    name: `${id}.jpg`,
    status: 'staged',
    projectId,
    originalBucket: 'uploads',
    originalFilePath: `normalised/${id}.jpg`,
    resultBucket: 'results',
    transformedFilePath: `results/${id}.png`,
    thumbnailFilePath: `thumbnails/${id}/result.webp`,
    originalThumbnailFilePath: `thumbnails/${id}/original.webp`,
    type: 'enhance',
    transformationId: `tx-${id}`,
    simulated: false,
    userId: 'u-1',
    organizationId: ORG,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

const save = (record: ImageRecord) => putImageOnce(table, record);

describe('images in a project', () => {
  it('counts each saved image once and shows the newest one', async () => {
    const projectId = await newProject();
    const older = image(projectId, '2026-01-01T10:00:00.000Z');
    const newer = image(projectId, '2026-01-01T11:00:00.000Z');
    await save(newer);
    // Saved after, but older: it is counted and the thumbnail stays the newer image's.
    await save(older);
    expect(await save(older)).toMatchObject({ created: false });
    expect(await project(projectId)).toMatchObject({ imageCount: 2, thumbnail: thumbnailOf(newer) });
    expect(thumbnailOf(newer)).toEqual({
      imageId: newer.id,
      sortKey: newer.gsi1sk,
      bucket: 'results',
      key: newer.thumbnailFilePath,
    });
  });

  it("shows a staged image's result, else its original, and the full result when no thumbnail was made", () => {
    expect(thumbnailOf(image('p', '2026-01-01T00:00:00.000Z', { status: 'failed' }))?.key).toMatch(/original\.webp$/);
    expect(
      thumbnailOf(
        image('p', '2026-01-01T00:00:00.000Z', { thumbnailFilePath: undefined, originalThumbnailFilePath: undefined }),
      )?.key,
    ).toMatch(/^results\/.*\.png$/);
  });

  it('counts concurrent saves exactly', async () => {
    const projectId = await newProject();
    const images = Array.from({ length: 12 }, (_, index) =>
      image(projectId, `2026-02-01T10:00:${String(index).padStart(2, '0')}.000Z`),
    );
    await Promise.all(images.map(save));
    expect(await project(projectId)).toMatchObject({ imageCount: 12, thumbnail: thumbnailOf(images.at(-1)!) });
  });

  it('refuses images into a missing project or one being deleted', async () => {
    const projectId = await newProject();
    await table.ddb.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: keys.project(ORG, projectId),
        UpdateExpression: 'SET deletingAt = :now',
        ExpressionAttributeValues: { ':now': '2026-01-01T00:00:00.000Z' },
      }),
    );
    for (const target of [projectId, 'p-missing']) {
      await expect(save(image(target, '2026-01-01T00:00:00.000Z'))).rejects.toMatchObject({
        statusCode: 404,
        message: PROJECTS_TEXTS.notFoundOrDenied,
      });
    }
    expect(await project(projectId)).toMatchObject({ imageCount: 0 });
    expect((await listImagePage(table, ORG, projectId, { limit: 10 })).records).toEqual([]);
  });

  it('deleting the thumbnail image moves the thumbnail to the next newest; the last one clears it', async () => {
    const projectId = await newProject();
    const [first, second, third] = ['09', '10', '11'].map((hour) => image(projectId, `2026-03-01T${hour}:00:00.000Z`));
    for (const record of [first!, second!, third!]) await save(record);

    expect(await deleteImage(table, ORG, second!.id)).toBe(true);
    expect(await project(projectId)).toMatchObject({ imageCount: 2, thumbnail: thumbnailOf(third!) });
    expect(await deleteImage(table, ORG, third!.id, projectId)).toBe(true);
    expect(await project(projectId)).toMatchObject({ imageCount: 1, thumbnail: thumbnailOf(first!) });
    expect(await deleteImage(table, ORG, first!.id)).toBe(true);
    const emptied = await project(projectId);
    expect(emptied.imageCount).toBe(0);
    expect(emptied.thumbnail).toBeUndefined();
  });

  it('deletes through the project route only from that project, and only once', async () => {
    const [one, other] = [await newProject(), await newProject()];
    const record = image(one, '2026-04-01T00:00:00.000Z');
    await save(record);
    expect(await deleteImage(table, ORG, record.id, other)).toBe(false);
    expect(await deleteImage(table, 'org-foreign', record.id)).toBe(false);
    expect(await project(one)).toMatchObject({ imageCount: 1 });
    const results = await Promise.all([deleteImage(table, ORG, record.id), deleteImage(table, ORG, record.id, one)]);
    expect(results.sort()).toEqual([false, true]);
    expect(await project(one)).toMatchObject({ imageCount: 0 });
  });
});

describe('image pages', () => {
  it('lists newest first, a page at a time, with a cursor that only this list accepts', async () => {
    const projectId = await newProject();
    const records = Array.from({ length: 5 }, (_, index) => image(projectId, `2026-05-01T00:00:0${index}.000Z`));
    for (const record of records) await save(record);
    const first = await listImagePage(table, ORG, projectId, { limit: 3 });
    expect(first.records.map((record) => record.id)).toEqual(
      records
        .slice(2)
        .reverse()
        .map((record) => record.id),
    );
    const second = await listImagePage(table, ORG, projectId, { limit: 3, cursor: first.nextCursor! });
    expect(second.records.map((record) => record.id)).toEqual([records[1]!.id, records[0]!.id]);
    expect(second.nextCursor).toBeNull();

    const invalidCursor = { statusCode: 400, message: API_TEXTS.invalidCursor };
    await expect(listImagePage(table, ORG, null, { limit: 3, cursor: first.nextCursor! })).rejects.toMatchObject(
      invalidCursor,
    );
    await expect(
      listImagePage(table, 'org-foreign', projectId, { limit: 3, cursor: first.nextCursor! }),
    ).rejects.toMatchObject(invalidCursor);
  });
});
