/**
 * Saved images (spec 3): items under the organization's partition (pk `ORG#<orgId>`, sk
 * `IMAGE#<id>`), listed per place (a project, or none) through gsi1, newest first, a page at a
 * time. The id is derived from the transformation and the place, so saving the same result twice
 * to the same place finds the first item instead of creating a duplicate (a conditional put
 * settles concurrent saves).
 *
 * An image in a project is saved and deleted in one transaction with its project item, whose
 * `imageCount` and `thumbnail` (spec 4: the newest image's picture) the project list shows; so
 * the card data can never drift from the images (architecture decision 42).
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECTS_TEXTS } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import {
  cancellationCodes,
  conditionFailedAt,
  TransactionConflictError,
  transactWrite,
  type TransactItem,
} from '../lib/aws/transactions';
import { NotFound } from '../lib/errors';
import { RESOURCE_ID } from '../lib/ids';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import { decodeCursor, encodeCursor, type PageRequest } from '../lib/paging';
import type { ImageRecord, ProjectThumbnailRecord } from '../lib/records';
import { getProjectRecord } from '../projects/project-store';

/** Stands for "no project" in the derived image id (and, in keys.ts, in the place's partition). */
const NO_PROJECT = 'NONE';

/** Deterministic id of a transformation saved to a place (UUID-shaped, from a SHA-256). */
export function imageIdFor(transformationId: string, projectId: string | null): string {
  const hex = createHash('sha256')
    .update(`${transformationId}|${projectId ?? NO_PROJECT}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What a project card shows of an image (spec 4): its transformed picture when it is staged and
 * has one, otherwise its original; the small WebP when the workflow made one (images saved
 * before thumbnails existed show the full-size result).
 */
export function thumbnailOf(image: ImageRecord): ProjectThumbnailRecord | undefined {
  const picture =
    image.status === 'staged' && image.transformedFilePath
      ? (image.thumbnailFilePath ?? image.transformedFilePath)
      : image.originalThumbnailFilePath;
  return picture ? { imageId: image.id, sortKey: image.gsi1sk, bucket: image.resultBucket, key: picture } : undefined;
}

export async function getImage({ ddb, tableName }: TableDeps, orgId: string, imageId: string) {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName, Key: keys.image(orgId, imageId), ConsistentRead: true }),
  );
  return Item as ImageRecord | undefined;
}

/**
 * Puts the record unless its id exists (then returns the stored one, `created: false`). Into a
 * project, in one transaction with the project's count and thumbnail, and only while the project
 * exists and is not being deleted (404 otherwise).
 */
export async function putImageOnce(
  deps: TableDeps,
  record: ImageRecord,
): Promise<{ record: ImageRecord; created: boolean }> {
  const put = { TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' };
  const existing = async (error: unknown) => {
    const stored = await getImage(deps, record.organizationId, record.id);
    if (!stored) throw error;
    return { record: stored, created: false };
  };
  if (record.projectId === null) {
    try {
      await deps.ddb.send(new PutCommand(put));
      return { record, created: true };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      return existing(error);
    }
  }
  const thumbnail = thumbnailOf(record);
  // First as the project's newest image; when a newer one got there first, the count only.
  for (const newest of thumbnail ? [true, false] : [false]) {
    try {
      await transactWrite(deps, [
        { Put: put },
        projectImageUpdate(deps.tableName, record.organizationId, record.projectId, {
          delta: 1,
          ...(newest ? { thumbnail, onlyIfNewer: true } : {}),
        }),
      ]);
      return { record, created: true };
    } catch (error) {
      if (conditionFailedAt(error, 0)) return existing(error);
      if (!conditionFailedAt(error, 1)) throw error;
      const project = await getProjectRecord(deps, record.organizationId, record.projectId);
      if (!project || project.deletingAt) throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
    }
  }
  throw new TransactionConflictError(`Image ${record.id} could not be added to project ${record.projectId}`);
}

/**
 * The project item's side of an image save, delete or move: the count, and the thumbnail when it
 * changes. Conditions: the project exists and accepts images (not being deleted) when one is
 * added; `onlyIfNewer` keeps a newer thumbnail; `replacing` requires the thumbnail to still be
 * that image (a concurrent change makes the caller start over).
 */
export function projectImageUpdate(
  tableName: string,
  orgId: string,
  projectId: string,
  change: {
    delta: number;
    thumbnail?: ProjectThumbnailRecord | null;
    onlyIfNewer?: boolean;
    replacing?: string;
  },
): TransactItem {
  const conditions = ['attribute_exists(pk)'];
  const values: Record<string, unknown> = { ':delta': change.delta };
  let update = 'ADD imageCount :delta';
  if (change.delta > 0) conditions.push('attribute_not_exists(deletingAt)');
  if (change.thumbnail) {
    update += ' SET #thumbnail = :thumbnail';
    values[':thumbnail'] = change.thumbnail;
  } else if (change.thumbnail === null) {
    update += ' REMOVE #thumbnail';
  }
  if (change.onlyIfNewer && change.thumbnail) {
    conditions.push('(attribute_not_exists(#thumbnail) OR #thumbnail.sortKey < :sortKey)');
    values[':sortKey'] = change.thumbnail.sortKey;
  }
  if (change.replacing !== undefined) {
    conditions.push('#thumbnail.imageId = :replacing');
    values[':replacing'] = change.replacing;
  }
  const usesThumbnail = change.thumbnail !== undefined || change.replacing !== undefined;
  return {
    Update: {
      TableName: tableName,
      Key: keys.project(orgId, projectId),
      UpdateExpression: update,
      ConditionExpression: conditions.join(' AND '),
      ...(usesThumbnail ? { ExpressionAttributeNames: { '#thumbnail': 'thumbnail' } } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** The key of an image list's cursor: this organization, this place, an image's keys. */
function imageCursor(orgId: string, projectId: string | null) {
  const id = RESOURCE_ID.source.slice(1, -1);
  return {
    pk: keys.organizationPartition(orgId),
    sk: new RegExp(`^${SK_PREFIX.image}${id}$`),
    [TABLE_KEYS.gsi1.partitionKey]: gsi1Keys.imagePlace(orgId, projectId),
    [TABLE_KEYS.gsi1.sortKey]: new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z#${id}$`),
  };
}

/** One page of a place's images, newest first. */
export async function listImagePage(
  { ddb, tableName }: TableDeps,
  orgId: string,
  projectId: string | null,
  { limit, cursor }: PageRequest,
): Promise<{ records: ImageRecord[]; nextCursor: string | null }> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :place',
      ExpressionAttributeValues: { ':place': gsi1Keys.imagePlace(orgId, projectId) },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, imageCursor(orgId, projectId)),
    }),
  );
  return { records: (page.Items ?? []) as ImageRecord[], nextCursor: encodeCursor(page.LastEvaluatedKey) };
}

/** The newest image of the project other than `exceptId`, checked on the table (the index lags). */
async function nextNewestImage(deps: TableDeps, orgId: string, projectId: string, exceptId: string) {
  const { Items } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :place',
      ExpressionAttributeValues: { ':place': gsi1Keys.imagePlace(orgId, projectId) },
      ScanIndexForward: false,
      Limit: 5,
    }),
  );
  for (const candidate of (Items ?? []) as ImageRecord[]) {
    if (candidate.id === exceptId) continue;
    const stored = await getImage(deps, orgId, candidate.id);
    if (stored?.projectId === projectId) return stored;
  }
  return undefined;
}

const DELETE_ATTEMPTS = 5;

/**
 * True when an item was deleted; false when the id does not exist in this organization (or, with
 * `projectId`, is not in that project: the project-scoped route must not delete elsewhere). The
 * stored objects stay: the same result may be saved in another place (architecture decision 6).
 * In a project, the count goes down in the same transaction, and the thumbnail moves to the next
 * newest image when it was this one; a concurrent change to either starts it over.
 */
export async function deleteImage(
  deps: TableDeps,
  orgId: string,
  imageId: string,
  projectId?: string,
): Promise<boolean> {
  for (let attempt = 1; attempt <= DELETE_ATTEMPTS; attempt += 1) {
    const image = await getImage(deps, orgId, imageId);
    if (!image || (projectId !== undefined && image.projectId !== projectId)) return false;
    const remove = {
      TableName: deps.tableName,
      Key: keys.image(orgId, imageId),
      // Still in the place it was read in: a concurrent move or delete starts over.
      ConditionExpression: 'gsi1pk = :place',
      ExpressionAttributeValues: { ':place': image.gsi1pk },
    };
    const project = image.projectId ? await getProjectRecord(deps, orgId, image.projectId) : undefined;
    try {
      if (!image.projectId || !project) {
        await deps.ddb.send(new DeleteCommand(remove));
        return true;
      }
      const items: TransactItem[] = [{ Delete: remove }];
      if (project.thumbnail?.imageId === imageId) {
        const next = await nextNewestImage(deps, orgId, image.projectId, imageId);
        items.push(
          projectImageUpdate(deps.tableName, orgId, image.projectId, {
            delta: -1,
            thumbnail: (next && thumbnailOf(next)) ?? null,
            replacing: imageId,
          }),
        );
        if (next) {
          items.push({
            ConditionCheck: {
              TableName: deps.tableName,
              Key: keys.image(orgId, next.id),
              ConditionExpression: 'gsi1pk = :place',
              ExpressionAttributeValues: { ':place': next.gsi1pk },
            },
          });
        }
      } else {
        items.push(projectImageUpdate(deps.tableName, orgId, image.projectId, { delta: -1 }));
      }
      await transactWrite(deps, items);
      return true;
    } catch (error) {
      const conditionFailed =
        isConditionalCheckFailed(error) || cancellationCodes(error)?.includes('ConditionalCheckFailed');
      if (!conditionFailed) throw error;
    }
  }
  throw new TransactionConflictError(`Image ${imageId} kept changing while being deleted`);
}
