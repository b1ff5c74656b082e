/**
 * Projects live under their organization's partition (pk `ORG#<orgId>`, sk `PROJECT#<id>`), so a
 * foreign id can only miss: every read takes the caller's organization id.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Project, ProjectCreateInput } from '@vitrine/shared';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys, SK_PREFIX } from '../lib/keys';
import type { ProjectRecord } from '../lib/records';

export function toProject({ pk: _pk, sk: _sk, ...project }: ProjectRecord): Project {
  // Counts and thumbnails are kept on the item with issue 9.
  return { ...project, imageCount: 0, thumbnailUrl: null };
}

export async function createProject(
  { ddb, tableName }: TableDeps,
  owner: { orgId: string; userId: string },
  input: ProjectCreateInput,
  now = new Date(),
): Promise<Project> {
  const id = randomUUID();
  const timestamp = now.toISOString();
  const record: ProjectRecord = {
    ...keys.project(owner.orgId, id),
    id,
    name: input.name,
    description: input.description ?? '',
    address: input.address ?? '',
    size: input.size ?? null,
    type: input.type ?? null,
    createdAt: timestamp,
    updatedAt: timestamp,
    userId: owner.userId,
    organizationId: owner.orgId,
  };
  await ddb.send(
    new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return toProject(record);
}

export async function getProject({ ddb, tableName }: TableDeps, orgId: string, projectId: string) {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.project(orgId, projectId) }));
  return Item ? toProject(Item as ProjectRecord) : undefined;
}

/** Newest first, as the project picker and list show them. */
export async function listProjects({ ddb, tableName }: TableDeps, orgId: string): Promise<Project[]> {
  const projects: Project[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.project },
        ExclusiveStartKey: startKey,
      }),
    );
    projects.push(...(page.Items ?? []).map((item) => toProject(item as ProjectRecord)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return projects.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
