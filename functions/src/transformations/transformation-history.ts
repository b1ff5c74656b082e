/**
 * The organization's transformation history (decision 090): every closed transformation, saved or
 * not, listed for TRANSFORMATION_HISTORY_DAYS through gsi1 (gsi1Keys.transformationHistory),
 * newest first, a page at a time; its saved mark; and its deletion from the history.
 */
import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TRANSFORMATION_HISTORY_DAYS, type HistoryView } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { RESOURCE_ID } from '../lib/ids';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import { decodeCursor, encodeCursor, type PageRequest } from '../lib/paging';
import type { TransformationRecord, UploadRecord, UserRecord } from '../lib/records';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest creation time the history lists at `now`. */
export function historyStart(now: Date): string {
  return new Date(now.getTime() - TRANSFORMATION_HISTORY_DAYS * DAY_MS).toISOString();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function historyCursor(orgId: string) {
  const id = RESOURCE_ID.source.slice(1, -1);
  return {
    pk: keys.organizationPartition(orgId),
    sk: new RegExp(`^${SK_PREFIX.transformation}${id}$`),
    [TABLE_KEYS.gsi1.partitionKey]: gsi1Keys.transformationHistory(orgId),
    [TABLE_KEYS.gsi1.sortKey]: new RegExp(
      `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z#${escapeRegExp(orgId)}#${id}$`,
    ),
  };
}

export interface HistoryPage {
  records: TransformationRecord[];
  nextCursor: string | null;
}

/**
 * One page of the history, newest first, created within the last TRANSFORMATION_HISTORY_DAYS.
 * 'unsaved': only the succeeded ones no image was saved from (a filter: a page may hold fewer than
 * `limit` records and still have a next one, as a project search does).
 */
export async function listHistoryPage(
  { ddb, tableName }: TableDeps,
  orgId: string,
  view: HistoryView,
  { limit, cursor }: PageRequest,
  now: Date = new Date(),
): Promise<HistoryPage> {
  const unsaved = view === 'unsaved';
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :history AND gsi1sk >= :start',
      ...(unsaved
        ? {
            FilterExpression: '#status = :succeeded AND attribute_not_exists(savedAt)',
            ExpressionAttributeNames: { '#status': 'status' },
          }
        : {}),
      ExpressionAttributeValues: {
        ':history': gsi1Keys.transformationHistory(orgId),
        ':start': historyStart(now),
        ...(unsaved ? { ':succeeded': 'succeeded' } : {}),
      },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor, historyCursor(orgId)),
    }),
  );
  return {
    records: (page.Items ?? []) as TransformationRecord[],
    nextCursor: encodeCursor(page.LastEvaluatedKey),
  };
}

/** What a page of history shows besides the records: each upload's file name and each author's name. */
export interface HistoryDetails {
  fileNames: Map<string, string>;
  authorNames: Map<string, string>;
}

/** The uploads and authors of `records`, by BatchGetItem in chunks of its 100 keys (a page of 100
 * records may need 200). */
export async function historyDetails(
  { ddb, tableName }: TableDeps,
  orgId: string,
  records: readonly TransformationRecord[],
): Promise<HistoryDetails> {
  const uploadIds = [...new Set(records.flatMap((record) => (record.uploadId ? [record.uploadId] : [])))];
  const userIds = [...new Set(records.map((record) => record.userId))];
  const wanted = [...uploadIds.map((id) => keys.upload(orgId, id)), ...userIds.map((id) => keys.user(id))] as Record<
    string,
    string
  >[];
  const items: Record<string, unknown>[] = [];
  for (let start = 0; start < wanted.length; start += 100) {
    let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
      [tableName]: { Keys: wanted.slice(start, start + 100) },
    };
    // Unprocessed keys (throttling) are asked again until none is left.
    while (request && Object.keys(request).length > 0) {
      const answer = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      items.push(...(answer.Responses?.[tableName] ?? []));
      request = answer.UnprocessedKeys as typeof request;
    }
  }
  const fileNames = new Map<string, string>();
  const authorNames = new Map<string, string>();
  for (const item of items) {
    if (typeof item.sk === 'string' && item.sk.startsWith(SK_PREFIX.upload)) {
      const upload = item as unknown as UploadRecord;
      fileNames.set(upload.id, upload.fileName);
    } else if (item.sk === 'PROFILE') {
      const user = item as unknown as UserRecord & { pk: string };
      // Only a person of this organization: a name is never shown to another one.
      if (user.organizationId !== orgId) continue;
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
      authorNames.set(user.pk.slice('USER#'.length), name || user.email);
    }
  }
  return { fileNames, authorNames };
}

/**
 * Marks the transformation saved; the first save's time and image are kept (the image: what an
 * original link made before the save follows, decision 130). Idempotent.
 */
export async function markTransformationSaved(
  { ddb, tableName }: TableDeps,
  orgId: string,
  id: string,
  at: string,
  imageId: string,
): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.transformation(orgId, id),
        UpdateExpression:
          'SET savedAt = if_not_exists(savedAt, :at), savedImageId = if_not_exists(savedImageId, :imageId)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':imageId': imageId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/**
 * Takes a closed transformation out of its organization's history: false when there is no such
 * transformation in it (missing, another organization's, still open, or deleted already). Its
 * objects stay tagged unsaved and expire with the bucket rule (decision 52), unless an image
 * saved from it keeps them.
 */
export async function discardFromHistory(
  { ddb, tableName }: TableDeps,
  orgId: string,
  id: string,
  at: string,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.transformation(orgId, id),
        UpdateExpression: 'SET discardedAt = :at REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :history',
        ExpressionAttributeValues: { ':at': at, ':history': gsi1Keys.transformationHistory(orgId) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
