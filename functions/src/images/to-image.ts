/** The API's Image (spec 3) from a stored record, with short-lived signed URLs. */
import { resultContentTypeOfKey, type Image } from '@vitrine/shared';
import type { SignGetUrl } from '../lib/aws/presign-get';
import type { ImageRecord } from '../lib/records';

/** Signs the full-size original and result, and their thumbnails (in the results bucket; null on
 * images saved before the workflow made them: clients then fall back to the full-size URLs). */
export async function toImage(record: ImageRecord, sign: SignGetUrl): Promise<Image & { simulated: boolean }> {
  const thumbnail = (key: string | undefined) => (key ? sign(record.resultBucket, key) : null);
  const [originalSignedUrl, transformedSignedUrl, thumbnailUrl, originalThumbnailUrl] = await Promise.all([
    sign(record.originalBucket, record.originalFilePath),
    sign(record.resultBucket, record.transformedFilePath),
    thumbnail(record.thumbnailFilePath),
    thumbnail(record.originalThumbnailFilePath),
  ]);
  return {
    id: record.id,
    name: record.name,
    status: record.status,
    projectId: record.projectId,
    originalFilePath: record.originalFilePath,
    transformedFilePath: record.transformedFilePath,
    type: record.type,
    transformationId: record.transformationId,
    userId: record.userId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    originalSignedUrl,
    transformedSignedUrl,
    url: transformedSignedUrl,
    simulated: record.simulated,
    thumbnailUrl,
    originalThumbnailUrl,
    ...(record.options ? { options: record.options } : {}),
    resultContentType: resultContentTypeOfKey(record.transformedFilePath),
  };
}
