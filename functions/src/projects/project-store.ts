/**
 * Projects live under their organization's partition (pk `ORG#<orgId>`, sk `PROJECT#<id>`), so a
 * foreign id can only miss: every read takes the caller's organization id. Ids are time-ordered,
 * so the partition lists them newest first with a strongly consistent Query (a project just
 * created is in the next list call). The item also carries what its card shows: `imageCount` and
 * `thumbnail`, which images/image-store.ts changes in the transaction of each save or delete.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Project, ProjectCreateInput, ProjectUpdateInput } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import type { SignGetUrl } from '../lib/aws/presign-get';
import { transactWrite } from '../lib/aws/transactions';
import { RESOURCE_ID, timeOrderedId } from '../lib/ids';
import { keys, SK_PREFIX } from '../lib/keys';
import { decodeCursor, encodeCursor, type CursorShape, type PageRequest } from '../lib/paging';
import type { ProjectRecord } from '../lib/records';
import { statsUpdate, touchLastActivity } from '../stats/organization-stats';
import { searchKey } from './name-search';

/** The API's Project; `thumbnailUrl` signed when the project has a thumbnail. */
export async function toProject(record: ProjectRecord, sign: SignGetUrl): Promise<Project> {
  const {
    pk: _pk,
    sk: _sk,
    nameSearch: _nameSearch,
    imageCount,
    thumbnail,
    deletingAt: _deletingAt,
    ...project
  } = record;
  return {
    ...project,
    imageCount: Math.max(0, imageCount ?? 0),
    thumbnailUrl: thumbnail ? await sign(thumbnail.bucket, thumbnail.key) : null,
  };
}

export async function createProject(
  deps: TableDeps,
  owner: { orgId: string; userId: string },
  input: ProjectCreateInput,
  now = new Date(),
): Promise<ProjectRecord> {
  const id = timeOrderedId(now.getTime());
  const timestamp = now.toISOString();
  const record: ProjectRecord = {
    ...keys.project(owner.orgId, id),
    id,
    name: input.name,
    nameSearch: searchKey(input.name),
    description: input.description ?? '',
    address: input.address ?? '',
    size: input.size ?? null,
    type: input.type ?? null,
    imageCount: 0,
    createdAt: timestamp,
    updatedAt: timestamp,
    userId: owner.userId,
    organizationId: owner.orgId,
  };
  await transactWrite(deps, [
    { Put: { TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' } },
    statsUpdate(deps.tableName, owner.orgId, { projects: 1 }, timestamp),
  ]);
  return record;
}

export async function getProjectRecord(
  { ddb, tableName }: TableDeps,
  orgId: string,
  projectId: string,
): Promise<ProjectRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.project(orgId, projectId), ConsistentRead: true }),
  );
  return Item as ProjectRecord | undefined;
}

/** A project of the organization that accepts images: it exists and is not being deleted (delete-project.ts). */
export async function projectAcceptsImages(deps: TableDeps, orgId: string, projectId: string): Promise<boolean> {
  const project = await getProjectRecord(deps, orgId, projectId);
  return project !== undefined && !project.deletingAt;
}

/** The key of a project list's cursor: this organization's partition, a project's sort key. */
const projectCursor = (orgId: string): CursorShape => ({
  pk: keys.organizationPartition(orgId),
  sk: new RegExp(`^${SK_PREFIX.project}${RESOURCE_ID.source.slice(1)}`),
});

/** Items a search reads at most per call before answering a shorter page (its cursor goes on). */
const SEARCH_READ_BUDGET = 1000;

/**
 * One page of the organization's projects, newest first. With `search`, a FilterExpression on
 * `nameSearch`: DynamoDB filters after reading, so the page is filled from as many reads as needed
 * (up to SEARCH_READ_BUDGET items) and the cursor then points after the last project returned.
 */
export async function listProjectPage(
  { ddb, tableName }: TableDeps,
  orgId: string,
  { limit, cursor, search }: PageRequest & { search?: string },
): Promise<{ records: ProjectRecord[]; nextCursor: string | null }> {
  let startKey: Record<string, unknown> | undefined = decodeCursor(cursor, projectCursor(orgId));
  const needle = search ? searchKey(search) : '';
  const records: ProjectRecord[] = [];
  let read = 0;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ...(needle ? { FilterExpression: 'contains(nameSearch, :needle)' } : {}),
        ExpressionAttributeValues: {
          ':pk': keys.organizationPartition(orgId),
          ':prefix': SK_PREFIX.project,
          ...(needle ? { ':needle': needle } : {}),
        },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: needle ? Math.max(limit, 100) : limit,
        ExclusiveStartKey: startKey,
      }),
    );
    read += page.ScannedCount ?? 0;
    for (const item of (page.Items ?? []) as ProjectRecord[]) {
      records.push(item);
      if (records.length === limit) {
        // Cut inside the page: go on after the last project returned, not after the page.
        const last = page.Items!.at(-1) === item ? page.LastEvaluatedKey : { pk: item.pk, sk: item.sk };
        return { records, nextCursor: encodeCursor(last) };
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && needle && read < SEARCH_READ_BUDGET);
  return { records, nextCursor: encodeCursor(startKey) };
}

/**
 * Applies the fields present in the input (absent ones stay; see projectUpdateSchema); undefined
 * when the project is not in this organization.
 */
export async function updateProject(
  deps: TableDeps,
  orgId: string,
  projectId: string,
  input: ProjectUpdateInput,
  now = new Date(),
): Promise<ProjectRecord | undefined> {
  const fields = Object.entries(input).filter(([, value]) => value !== undefined);
  if (fields.length === 0) return getProjectRecord(deps, orgId, projectId);
  const timestamp = now.toISOString();
  const set: Record<string, unknown> = { ...Object.fromEntries(fields), updatedAt: timestamp };
  if (input.name !== undefined) set.nameSearch = searchKey(input.name);
  const names = Object.fromEntries(Object.keys(set).map((field) => [`#${field}`, field]));
  const values = Object.fromEntries(Object.entries(set).map(([field, value]) => [`:${field}`, value]));
  try {
    const { Attributes } = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.project(orgId, projectId),
        UpdateExpression: `SET ${Object.keys(set)
          .map((field) => `#${field} = :${field}`)
          .join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    await touchLastActivity(deps, orgId, timestamp);
    return Attributes as ProjectRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
