/**
 * POST /api/images/project/{projectId} and /api/images/no-project: saves a finished transformation
 * as an Image that refers to the stored original and result (nothing is uploaded again).
 */
import { PROJECTS_TEXTS, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { Conflict, NotFound } from '../lib/errors';
import type { TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import type { ImageRecord } from '../lib/records';
import { touchLastActivity } from '../stats/organization-stats';
import { imageIdFor, putImageOnce } from './image-store';
import { ObjectExpiredError, type StoredObject } from './keep-objects';

/** What saving needs to know about a transformation of the caller's organization. */
export interface SavableTransformation {
  id: string;
  type: TransformationType;
  options: TransformationOptions;
  status: 'queued' | 'processing' | 'succeeded' | 'failed';
  fileName: string;
  originalBucket: string;
  /** Absent until validation succeeded. */
  originalKey?: string;
  resultBucket?: string;
  resultKey?: string;
  /** The workflow's small WebPs of the result and of the original, in the results bucket. */
  thumbnailKey?: string;
  originalThumbnailKey?: string;
  simulated: boolean;
}

export interface SaveImageDeps extends TableDeps {
  findTransformation: (orgId: string, transformationId: string) => Promise<SavableTransformation | undefined>;
  projectExists: (orgId: string, projectId: string) => Promise<boolean>;
  /** Marks the objects saved, so that the unsaved-objects rule never expires them (keep-objects.ts). */
  keepObjects: (objects: StoredObject[]) => Promise<void>;
  /** Takes the transformation out of 'Non sauvegardées' (decision 090), naming the image (decision 130); idempotent. */
  markSaved: (orgId: string, transformationId: string, at: string, imageId: string) => Promise<void>;
  now?: () => Date;
}

export interface SaveImageRequest {
  orgId: string;
  userId: string;
  transformationId: string;
  projectId: string | null;
}

export async function saveImage(
  deps: SaveImageDeps,
  { orgId, userId, transformationId, projectId }: SaveImageRequest,
): Promise<{ record: ImageRecord; created: boolean }> {
  if (projectId !== null && !(await deps.projectExists(orgId, projectId))) {
    throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
  }
  const transformation = await deps.findTransformation(orgId, transformationId);
  if (!transformation) throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
  const { originalKey, resultBucket, resultKey } = transformation;
  if (transformation.status !== 'succeeded' || !originalKey || !resultBucket || !resultKey) {
    throw new Conflict(TRANSFORMATION_MESSAGES.transformationNotFinished);
  }
  try {
    const thumbnails = [transformation.thumbnailKey, transformation.originalThumbnailKey].filter(
      (key): key is string => key !== undefined,
    );
    await deps.keepObjects([
      { bucket: transformation.originalBucket, key: originalKey },
      { bucket: resultBucket, key: resultKey },
      ...thumbnails.map((key) => ({ bucket: resultBucket, key })),
    ]);
  } catch (error) {
    if (error instanceof ObjectExpiredError) throw new Conflict(TRANSFORMATION_MESSAGES.resultExpired);
    throw error;
  }
  const id = imageIdFor(transformationId, projectId);
  const now = (deps.now?.() ?? new Date()).toISOString();
  const saved = await putImageOnce(deps, {
    ...keys.image(orgId, id),
    ...gsi1Keys.image(orgId, projectId, now, id),
    id,
    name: transformation.fileName,
    status: 'staged',
    projectId,
    originalBucket: transformation.originalBucket,
    originalFilePath: originalKey,
    resultBucket,
    transformedFilePath: resultKey,
    ...(transformation.thumbnailKey ? { thumbnailFilePath: transformation.thumbnailKey } : {}),
    ...(transformation.originalThumbnailKey ? { originalThumbnailFilePath: transformation.originalThumbnailKey } : {}),
    type: transformation.type,
    options: transformation.options,
    transformationId,
    simulated: transformation.simulated,
    userId,
    organizationId: orgId,
    createdAt: now,
    updatedAt: now,
  });
  // Also when the image existed already: a save retried after a failure here completes it.
  await deps.markSaved(orgId, transformationId, now, id);
  if (saved.created) await touchLastActivity(deps, orgId, now);
  return saved;
}
