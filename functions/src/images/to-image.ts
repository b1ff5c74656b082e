/** The API's Image (spec 3) from a stored record, with short-lived signed URLs. */
import type { Image } from '@vitrine/shared';
import type { ImageRecord } from '../lib/records';

export type SignGetUrl = (bucket: string, key: string) => Promise<string>;

export async function toImage(record: ImageRecord, sign: SignGetUrl): Promise<Image & { simulated: boolean }> {
  const [originalSignedUrl, transformedSignedUrl] = await Promise.all([
    sign(record.originalBucket, record.originalFilePath),
    sign(record.resultBucket, record.transformedFilePath),
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
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    originalSignedUrl,
    transformedSignedUrl,
    url: transformedSignedUrl,
    simulated: record.simulated,
    // Thumbnails arrive with issue 9 (workflow-made WebPs); until then clients use the full URLs.
    thumbnailUrl: null,
    originalThumbnailUrl: null,
  };
}
