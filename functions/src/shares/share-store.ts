/**
 * Share link items (keys.shareLink, gsi1Keys.shareToken; decision 098). A link names images by id;
 * revoking keeps the item (its views stay visible to the agent), deleting an image takes it out
 * of every link (`removeImageFromShareLinks`, called by the image deletion).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ShareLink, ShareStatus } from '@vitrine/shared';
import { firstOnGsi1, isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import type { ShareLinkRecord } from '../lib/records';

export function shareStatus(record: ShareLinkRecord, now: Date): ShareStatus {
  if (record.revokedAt) return 'revoked';
  return Date.parse(record.validUntil) <= now.getTime() ? 'expired' : 'active';
}

export function toShareLink(record: ShareLinkRecord, now: Date): ShareLink {
  return {
    id: record.id,
    scope: record.scope,
    projectId: record.projectId,
    imageCount: record.imageIds.length,
    status: shareStatus(record, now),
    createdAt: record.createdAt,
    createdBy: record.createdBy,
    expiresAt: record.validUntil,
    revokedAt: record.revokedAt ?? null,
    viewCount: record.viewCount ?? 0,
    lastViewedAt: record.lastViewedAt ?? null,
  };
}

export async function putShareLink({ ddb, tableName }: TableDeps, record: ShareLinkRecord): Promise<void> {
  await ddb.send(
    new PutCommand({ TableName: tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

export async function getShareLink({ ddb, tableName }: TableDeps, orgId: string, linkId: string) {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.shareLink(orgId, linkId), ConsistentRead: true }),
  );
  return Item as ShareLinkRecord | undefined;
}

/** Every link of the organization, newest first (an agency keeps tens, not thousands). */
export async function listShareLinks({ ddb, tableName }: TableDeps, orgId: string): Promise<ShareLinkRecord[]> {
  const records: ShareLinkRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.shareLink },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    records.push(...((page.Items ?? []) as ShareLinkRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return records;
}

/** The link a token opens, read consistently after the index lookup; undefined for any miss. */
export async function findShareLinkByToken(deps: TableDeps, tokenHash: string) {
  const found = await firstOnGsi1<ShareLinkRecord>(deps, gsi1Keys.shareToken(tokenHash).gsi1pk);
  if (!found) return undefined;
  const record = await getShareLink(deps, found.organizationId, found.id);
  return record?.tokenHash === tokenHash ? record : undefined;
}

/** Sets a new expiry on a link not revoked; false when it is gone or revoked. */
export async function setShareExpiry(deps: TableDeps, orgId: string, linkId: string, validUntil: string) {
  return conditionalUpdate(deps, orgId, linkId, 'SET validUntil = :until', { ':until': validUntil });
}

/** Revokes a link at once (idempotent: a revoked link stays revoked, with its first date). */
export async function revokeShareLink(deps: TableDeps, orgId: string, linkId: string, by: string, at: string) {
  return conditionalUpdate(
    deps,
    orgId,
    linkId,
    'SET revokedAt = if_not_exists(revokedAt, :at), revokedBy = if_not_exists(revokedBy, :by)',
    {
      ':at': at,
      ':by': by,
    },
    false,
  );
}

/** Counts one view of the page. */
export async function countShareView({ ddb, tableName }: TableDeps, record: ShareLinkRecord, at: string) {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.shareLink(record.organizationId, record.id),
      UpdateExpression: 'ADD viewCount :one SET lastViewedAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1, ':at': at },
    }),
  );
}

async function conditionalUpdate(
  { ddb, tableName }: TableDeps,
  orgId: string,
  linkId: string,
  update: string,
  values: Record<string, unknown>,
  onlyUnrevoked = true,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.shareLink(orgId, linkId),
        UpdateExpression: update,
        ConditionExpression: onlyUnrevoked
          ? 'attribute_exists(pk) AND attribute_not_exists(revokedAt)'
          : 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Takes a deleted image out of every link of its organization. Each removal is conditional on the
 * entry still being at the index read, so a concurrent change to the same link starts it over.
 */
export async function removeImageFromShareLinks(deps: TableDeps, orgId: string, imageId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const holding = (await listShareLinks(deps, orgId)).filter((link) => link.imageIds.includes(imageId));
    if (holding.length === 0) return;
    await Promise.all(
      holding.map(async (link) => {
        const index = link.imageIds.indexOf(imageId);
        try {
          await deps.ddb.send(
            new UpdateCommand({
              TableName: deps.tableName,
              Key: keys.shareLink(orgId, link.id),
              UpdateExpression: `REMOVE imageIds[${index}], transformationIds[${index}]`,
              ConditionExpression: `imageIds[${index}] = :image`,
              ExpressionAttributeValues: { ':image': imageId },
            }),
          );
        } catch (error) {
          if (!isConditionalCheckFailed(error)) throw error;
        }
      }),
    );
  }
}
