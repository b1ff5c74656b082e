/**
 * A transformation's result exported before anyone saved it (decision 130): the wizard's result
 * card, the history's 'Non sauvegardées' and the public API's transformations offer the marked
 * and the clean version as a saved image does (decision 117). Its QR code's original link is made
 * for the transformation (its original is then kept: original-link.ts), or for the image its
 * first save made when it has been saved.
 */
import { TRANSFORMATION_MESSAGES, type ExportVersion, type ImageExport } from '@vitrine/shared';
import { ObjectExpiredError } from '../images/keep-objects';
import { Conflict, NotFound } from '../lib/errors';
import type { TransformationRecord } from '../lib/records';
import { originalOfUnsavedResult } from '../shares/original-link';
import { resultExport, type ExportDeps, type ExportSource } from './image-export';

/** Where the transformations' originals (uploads) and results are. */
export interface ExportBuckets {
  uploads: string;
  results: string;
}

/**
 * The transformation's export; NotFound when it is missing (or another organization's, or deleted
 * from the history), Conflict while it has no result, or once its unsaved result has expired.
 */
export async function transformationExport(
  deps: ExportDeps & { buckets: ExportBuckets },
  transformation: TransformationRecord | undefined,
  version: ExportVersion,
): Promise<ImageExport> {
  // A result deleted from the history is gone for its author: a code printed now would open nothing.
  if (!transformation || transformation.discardedAt) throw new NotFound(TRANSFORMATION_MESSAGES.transformationNotFound);
  const original = originalOfUnsavedResult(transformation, deps.buckets.uploads);
  const { resultKey } = transformation;
  if (!original || !resultKey) throw new Conflict(TRANSFORMATION_MESSAGES.exportNotFinished);
  const expired = () => new Conflict(TRANSFORMATION_MESSAGES.resultExpired);
  const organizationId = transformation.orgId;
  const transformationId = transformation.id;
  const source: ExportSource = {
    organizationId,
    transformationId,
    type: transformation.type,
    resultBucket: deps.buckets.results,
    resultKey,
    link: transformation.savedImageId
      ? { organizationId, transformationId, imageId: transformation.savedImageId }
      : { organizationId, transformationId, original },
  };
  // The clean file is a signed URL only: say now when an unsaved result is past its expiry.
  if (version === 'clean' && !(await deps.objects.exists(source.resultBucket, resultKey))) throw expired();
  try {
    return await resultExport(deps, source, version, expired);
  } catch (error) {
    // The original's re-tagging found it gone: the result went with it (same expiry).
    if (error instanceof ObjectExpiredError) throw expired();
    throw error;
  }
}
