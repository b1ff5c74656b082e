/**
 * DELETE /api/projects/{id}: the project goes, its images stay, unclassified (paid work is never
 * destroyed). Crash-safe and resumable (architecture decision 43):
 *   1. the project is marked `deletingAt`: from then on no image can be saved into it (the save's
 *      transaction requires the mark absent), so the set of images to move can only shrink;
 *   2. its images are moved out a batch at a time, each batch one transaction that rewrites the
 *      images under their unclassified id (`imageIdFor(transformation, null)`, listed among the
 *      unclassified) and lowers the project's `imageCount` by as many, each image only if it is
 *      still in the project; where the same transformation is unclassified already, the project's
 *      copy is only deleted, so it never shows twice (decision 080);
 *   3. the project item is deleted only when its count says no image is left (the index that
 *      lists them lags the table, the count does not), with the organization's project count.
 * At every moment each image is either in the project or unclassified, and the project exists
 * while any image points to it. A crash or a timeout leaves a marked project still listed with
 * its remaining images; DELETE again carries on from there.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PROJECTS_TEXTS } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { cancellationCodes, conditionFailedAt, transactWrite, type TransactItem } from '../lib/aws/transactions';
import { ServiceUnavailable } from '../lib/errors';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord } from '../lib/records';
import { imageIdFor, projectImageUpdate } from '../images/image-store';
import { statsUpdate } from '../stats/organization-stats';
import { getProjectRecord } from './project-store';

/** Images moved per transaction (two actions each, plus the project's count: at most 100). */
export const MOVE_BATCH = 49;

export interface DeleteProjectOptions {
  /** Epoch ms after which the call stops and answers 503 (the next call resumes). */
  deadline: number;
  now?: () => Date;
  /** Pause when a round made no progress (the index still lists moved images). */
  pauseMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** False when the project is not in this organization (404); true once it is gone. */
export async function deleteProject(
  deps: TableDeps,
  orgId: string,
  projectId: string,
  { deadline, now = () => new Date(), pauseMs = 200 }: DeleteProjectOptions,
): Promise<boolean> {
  const project = await getProjectRecord(deps, orgId, projectId);
  if (!project) return false;
  if (!project.deletingAt && !(await markDeleting(deps, orgId, projectId, now().toISOString()))) return false;
  const place = gsi1Keys.imagePlace(orgId, projectId);
  while (Date.now() < deadline) {
    const { Items } = await deps.ddb.send(
      new QueryCommand({
        TableName: deps.tableName,
        IndexName: TABLE_KEYS.gsi1.indexName,
        KeyConditionExpression: 'gsi1pk = :place',
        ExpressionAttributeValues: { ':place': place },
        Limit: MOVE_BATCH,
      }),
    );
    const images = (Items ?? []) as ImageRecord[];
    const moved = images.length > 0 ? await moveOut(deps, orgId, projectId, images, now().toISOString()) : 0;
    if (images.length === 0 && (await removeProject(deps, orgId, projectId, now().toISOString()))) return true;
    if (moved === 0) await sleep(pauseMs);
  }
  throw new ServiceUnavailable(PROJECTS_TEXTS.deletionUnfinished);
}

async function markDeleting(deps: TableDeps, orgId: string, projectId: string, at: string): Promise<boolean> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.project(orgId, projectId),
        UpdateExpression: 'SET deletingAt = if_not_exists(deletingAt, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** The image's copy out of its project: its unclassified id, listed among the unclassified. */
function unclassifiedCopy(orgId: string, image: ImageRecord, at: string): ImageRecord {
  const id = imageIdFor(image.transformationId, null);
  return {
    ...image,
    ...keys.image(orgId, id),
    ...gsi1Keys.image(orgId, null, image.createdAt, id),
    id,
    projectId: null,
    updatedAt: at,
  };
}

/**
 * The two actions moving one image out of the project, if it is still there: its unclassified
 * copy put (`twin: false`, only if absent), or, when that copy exists already (`twin: true`),
 * checked to be still there; then the project's item deleted.
 */
function moveImage(tableName: string, orgId: string, projectId: string, image: ImageRecord, at: string, twin: boolean) {
  const copy = unclassifiedCopy(orgId, image, at);
  const keep: TransactItem = twin
    ? {
        ConditionCheck: {
          TableName: tableName,
          Key: keys.image(orgId, copy.id),
          ConditionExpression: 'attribute_exists(pk) AND gsi1pk = :unclassified',
          ExpressionAttributeValues: { ':unclassified': copy.gsi1pk },
        },
      }
    : { Put: { TableName: tableName, Item: copy, ConditionExpression: 'attribute_not_exists(pk)' } };
  const remove: TransactItem = {
    Delete: {
      TableName: tableName,
      Key: keys.image(orgId, image.id),
      ConditionExpression: 'projectId = :projectId AND gsi1pk = :place',
      ExpressionAttributeValues: { ':projectId': projectId, ':place': gsi1Keys.imagePlace(orgId, projectId) },
    },
  };
  return [keep, remove];
}

/** Moves the batch in one transaction; if some image changed meanwhile, one by one. Returns how many moved. */
async function moveOut(deps: TableDeps, orgId: string, projectId: string, images: ImageRecord[], at: string) {
  const batch = (group: ImageRecord[], twin: boolean) =>
    transactWrite(deps, [
      ...group.flatMap((image) => moveImage(deps.tableName, orgId, projectId, image, at, twin)),
      projectImageUpdate(deps.tableName, orgId, projectId, { delta: -group.length }),
    ]);
  try {
    await batch(images, false);
    return images.length;
  } catch (error) {
    if (!cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw error;
  }
  let moved = 0;
  for (const image of images) {
    // First as a move; when the unclassified copy exists, as a merge into it.
    for (const twin of [false, true]) {
      try {
        await batch([image], twin);
        moved += 1;
        break;
      } catch (error) {
        // The copy's state was not the one assumed: try the other way.
        if (conditionFailedAt(error, 0)) continue;
        // Deleted or moved meanwhile (or still listed by the lagging index): nothing to move.
        if (conditionFailedAt(error, 1)) break;
        throw error;
      }
    }
  }
  return moved;
}

/**
 * Deletes the marked project once no image is left in it, with the organization's project count.
 * False while its count says images remain (the index has not caught up).
 */
async function removeProject(deps: TableDeps, orgId: string, projectId: string, at: string): Promise<boolean> {
  try {
    await transactWrite(deps, [
      {
        Delete: {
          TableName: deps.tableName,
          Key: keys.project(orgId, projectId),
          // <= 0: projects whose images predate the count (never counted) are not held forever.
          ConditionExpression:
            'attribute_exists(deletingAt) AND (attribute_not_exists(imageCount) OR imageCount <= :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      statsUpdate(deps.tableName, orgId, { projects: -1 }, at),
    ]);
    return true;
  } catch (error) {
    if (!conditionFailedAt(error, 0)) throw error;
    // Deleted by a concurrent call: done as well.
    return (await getProjectRecord(deps, orgId, projectId)) === undefined;
  }
}
