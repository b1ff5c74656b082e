/**
 * Saved images (spec 3): items under the organization's partition (pk `ORG#<orgId>`, sk
 * `IMAGE#<id>`), listed per place (a project, or none) through gsi1. The id is derived from the
 * transformation and the place, so saving the same result twice to the same place finds the
 * first item instead of creating a duplicate (a conditional put settles concurrent saves).
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import type { TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord } from '../lib/records';

/** Stands for "no project" in the derived image id (and, in keys.ts, in the place's partition). */
const NO_PROJECT = 'NONE';

/** Deterministic id of a transformation saved to a place (UUID-shaped, from a SHA-256). */
export function imageIdFor(transformationId: string, projectId: string | null): string {
  const hex = createHash('sha256')
    .update(`${transformationId}|${projectId ?? NO_PROJECT}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Puts the record unless its id exists; returns the stored one and whether this call created it. */
export async function putImageOnce(
  { ddb, tableName }: TableDeps,
  record: ImageRecord,
): Promise<{ record: ImageRecord; created: boolean }> {
  try {
    await ddb.send(
      new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return { record, created: true };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const existing = await getImage({ ddb, tableName }, record.organizationId, record.id);
    if (!existing) throw error;
    return { record: existing, created: false };
  }
}

export async function getImage({ ddb, tableName }: TableDeps, orgId: string, imageId: string) {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName, Key: keys.image(orgId, imageId) }));
  return Item as ImageRecord | undefined;
}

/** Newest first. */
export async function listImages(
  { ddb, tableName }: TableDeps,
  orgId: string,
  projectId: string | null,
): Promise<ImageRecord[]> {
  const images: ImageRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: TABLE_KEYS.gsi1.indexName,
        KeyConditionExpression: 'gsi1pk = :place',
        ExpressionAttributeValues: { ':place': gsi1Keys.imagePlace(orgId, projectId) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    images.push(...((page.Items ?? []) as ImageRecord[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return images;
}

/**
 * True when an item was deleted; false when the id does not exist in this organization (or, with
 * `projectId`, is not in that project: the project-scoped route must not delete elsewhere).
 */
export async function deleteImage(
  { ddb, tableName }: TableDeps,
  orgId: string,
  imageId: string,
  projectId?: string,
): Promise<boolean> {
  try {
    const { Attributes } = await ddb.send(
      new DeleteCommand({
        TableName: tableName,
        Key: keys.image(orgId, imageId),
        ...(projectId === undefined
          ? {}
          : { ConditionExpression: 'projectId = :projectId', ExpressionAttributeValues: { ':projectId': projectId } }),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes !== undefined;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
