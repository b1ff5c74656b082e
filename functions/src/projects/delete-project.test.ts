/** Project deletion on dynalite: images become unclassified, never lost, even across a crash. */
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECTS_TEXTS } from '@vitrine/shared';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import type { ImageRecord } from '../lib/records';
import { imageIdFor, putImageOnce } from '../images/image-store';
import { getOrganizationStats } from '../stats/organization-stats';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { deleteProject, MOVE_BATCH } from './delete-project';
import { createProject, getProjectRecord } from './project-store';

// Hundreds of transactions on dynalite, which runs slower inside jest's VM than in a process of its own.
jest.setTimeout(30_000);

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable();
});
afterAll(() => table.close());

let orgCounter = 0;
const soon = () => Date.now() + 10_000;

function image(orgId: string, projectId: string, index: number): ImageRecord {
  const id = `i-${orgId}-${index}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
  return {
    ...keys.image(orgId, id),
    ...gsi1Keys.image(orgId, projectId, createdAt, id),
    id,
    name: `${id}.jpg`,
    status: 'staged',
    projectId,
    originalBucket: 'uploads',
    originalFilePath: `normalised/${id}.jpg`,
    resultBucket: 'results',
    transformedFilePath: `results/${id}.png`,
    type: 'enhance',
    transformationId: `tx-${id}`,
    simulated: false,
    userId: 'u-1',
    organizationId: orgId,
    createdAt,
    updatedAt: createdAt,
  };
}

/** An organization with one project holding `count` images. */
async function projectWithImages(count: number) {
  const orgId = `org-d${++orgCounter}`;
  const project = await createProject(table, { orgId, userId: 'u-1' }, { name: 'Villa' });
  for (let index = 0; index < count; index += 1) await putImageOnce(table, image(orgId, project.id, index));
  return { orgId, projectId: project.id };
}

async function imagesOf(orgId: string): Promise<ImageRecord[]> {
  const { Items } = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :image)',
      ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':image': SK_PREFIX.image },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []) as ImageRecord[];
}

async function listed(orgId: string, projectId: string | null) {
  const { Items } = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :place',
      ExpressionAttributeValues: { ':place': gsi1Keys.imagePlace(orgId, projectId) },
    }),
  );
  return (Items ?? []).length;
}

/** The same table through a client that dies after `transactions` transactions (a crashed Lambda). */
function crashingAfter(transactions: number) {
  const client = DynamoDBDocumentClient.from(table.ddb) as DynamoDBDocumentClient;
  const send = client.send.bind(client);
  let left = transactions;
  client.send = (async (command: unknown) => {
    if (command instanceof TransactWriteCommand && left-- <= 0) throw new Error('Lambda crashed');
    return send(command as never);
  }) as typeof client.send;
  return { ddb: client, tableName: table.tableName };
}

describe('deleteProject', () => {
  it('moves every image to the unclassified ones, then deletes the project and counts it', async () => {
    const count = MOVE_BATCH + 7;
    const { orgId, projectId } = await projectWithImages(count);
    expect(await deleteProject(table, orgId, projectId, { deadline: soon() })).toBe(true);
    expect(await getProjectRecord(table, orgId, projectId)).toBeUndefined();
    const images = await imagesOf(orgId);
    expect(images).toHaveLength(count);
    for (const moved of images) {
      expect(moved).toMatchObject({ projectId: null, gsi1pk: gsi1Keys.imagePlace(orgId, null) });
      expect(moved.updatedAt > moved.createdAt).toBe(true);
    }
    expect(await listed(orgId, null)).toBe(count);
    expect(await getOrganizationStats(table, orgId)).toMatchObject({ projectCount: 0 });
    // Gone: a second call is a 404, and the counter moved once.
    expect(await deleteProject(table, orgId, projectId, { deadline: soon() })).toBe(false);
    expect(await getOrganizationStats(table, orgId)).toMatchObject({ projectCount: 0 });
  });

  it('merges an image into the same transformation already unclassified: it never shows twice', async () => {
    const { orgId, projectId } = await projectWithImages(3);
    // Two of the project's transformations were also saved without project (their own ids).
    const inProject = (await imagesOf(orgId)).slice(0, 2);
    for (const saved of inProject) {
      const id = imageIdFor(saved.transformationId, null);
      await putImageOnce(table, {
        ...saved,
        ...keys.image(orgId, id),
        ...gsi1Keys.image(orgId, null, saved.createdAt, id),
        id,
        projectId: null,
      });
    }
    expect(await deleteProject(table, orgId, projectId, { deadline: soon() })).toBe(true);
    const images = await imagesOf(orgId);
    expect(images).toHaveLength(3);
    expect(new Set(images.map((moved) => moved.transformationId)).size).toBe(3);
    for (const moved of images) {
      expect(moved).toMatchObject({ id: imageIdFor(moved.transformationId, null), projectId: null });
    }
    expect(await listed(orgId, null)).toBe(3);
  });

  it('misses a project of another organization', async () => {
    const { orgId, projectId } = await projectWithImages(1);
    expect(await deleteProject(table, 'org-foreign', projectId, { deadline: soon() })).toBe(false);
    expect(await getProjectRecord(table, orgId, projectId)).toMatchObject({ imageCount: 1 });
  });

  it('after a crash midway, loses nothing, refuses new images, and a retry finishes', async () => {
    const count = MOVE_BATCH * 2 + 5;
    const { orgId, projectId } = await projectWithImages(count);
    await expect(deleteProject(crashingAfter(1), orgId, projectId, { deadline: soon() })).rejects.toThrow(
      'Lambda crashed',
    );

    // One batch moved: each image is in the project or unclassified, and the count says how many remain.
    const project = await getProjectRecord(table, orgId, projectId);
    expect(project).toMatchObject({ deletingAt: expect.any(String), imageCount: count - MOVE_BATCH });
    expect(await listed(orgId, projectId)).toBe(count - MOVE_BATCH);
    expect(await listed(orgId, null)).toBe(MOVE_BATCH);
    await expect(putImageOnce(table, image(orgId, projectId, count))).rejects.toMatchObject({
      statusCode: 404,
      message: PROJECTS_TEXTS.notFoundOrDenied,
    });

    expect(await deleteProject(table, orgId, projectId, { deadline: soon() })).toBe(true);
    expect(await getProjectRecord(table, orgId, projectId)).toBeUndefined();
    expect(await listed(orgId, null)).toBe(count);
    expect(await imagesOf(orgId)).toHaveLength(count);
    expect(await getOrganizationStats(table, orgId)).toMatchObject({ projectCount: 0 });
  });

  it('stops at its deadline with a French 503 that a retry resumes', async () => {
    const { orgId, projectId } = await projectWithImages(3);
    await expect(deleteProject(table, orgId, projectId, { deadline: Date.now() - 1 })).rejects.toMatchObject({
      statusCode: 503,
      message: PROJECTS_TEXTS.deletionUnfinished,
    });
    expect(await getProjectRecord(table, orgId, projectId)).toMatchObject({ deletingAt: expect.any(String) });
    expect(await deleteProject(table, orgId, projectId, { deadline: soon() })).toBe(true);
    expect(await listed(orgId, null)).toBe(3);
  });

  it('lets two concurrent deletions finish the same job once', async () => {
    const { orgId, projectId } = await projectWithImages(MOVE_BATCH + 3);
    const results = await Promise.all([
      deleteProject(table, orgId, projectId, { deadline: soon(), pauseMs: 10 }),
      deleteProject(table, orgId, projectId, { deadline: soon(), pauseMs: 10 }),
    ]);
    expect(results).toContain(true);
    expect(await listed(orgId, null)).toBe(MOVE_BATCH + 3);
    expect(await getOrganizationStats(table, orgId)).toMatchObject({ projectCount: 0 });
  });
});
