/**
 * Saving an image keeps its objects (decision 52): the workflow writes the validated original and
 * the result tagged `retention=unsaved`, which both buckets expire after the stage's delay; saving
 * re-tags them `retention=saved`, which no rule expires. An object already expired cannot be
 * saved any more (ObjectExpiredError).
 */
import { RETENTION_TAG } from '@vitrine/shared';
import type { PutObjectTags } from '../lib/aws/s3-tagging';

export interface StoredObject {
  bucket: string;
  key: string;
}

/** The object is gone: an unsaved result past its expiry. */
export class ObjectExpiredError extends Error {
  override readonly name = 'ObjectExpiredError';
}

export async function keepObjects(putTags: PutObjectTags, objects: readonly StoredObject[]): Promise<void> {
  await Promise.all(
    objects.map(async ({ bucket, key }) => {
      try {
        await putTags(bucket, key, { [RETENTION_TAG.key]: RETENTION_TAG.saved });
      } catch (error) {
        if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) {
          throw new ObjectExpiredError(`${bucket}/${key} no longer exists`);
        }
        throw error;
      }
    }),
  );
}
