/** A history entry of the API (decision 090) from a transformation record, with short-lived signed URLs. */
import { resultContentTypeOfKey, type HistoryImage } from '@vitrine/shared';
import type { SignGetUrl } from '../lib/aws/presign-get';
import type { TransformationRecord } from '../lib/records';
import type { HistoryDetails } from './transformation-history';

/** Where the validated originals (uploads bucket) and the results and thumbnails (results bucket) are. */
export interface HistoryBuckets {
  uploads: string;
  results: string;
}

/** The name of the uploaded file, or the transformation id for one whose upload record is gone. */
export function historyFileName(record: TransformationRecord, details: HistoryDetails): string {
  return (record.uploadId && details.fileNames.get(record.uploadId)) || record.id;
}

export async function toHistoryImage(
  record: TransformationRecord,
  details: HistoryDetails,
  buckets: HistoryBuckets,
  sign: SignGetUrl,
): Promise<HistoryImage> {
  const succeeded = record.status === 'succeeded' && record.resultKey !== undefined;
  const signed = (bucket: string, key: string | undefined) => (key ? sign(bucket, key) : Promise.resolve(null));
  const [originalSignedUrl, transformedSignedUrl, thumbnailUrl, originalThumbnailUrl] = await Promise.all([
    signed(buckets.uploads, record.normalisedKey),
    signed(buckets.results, succeeded ? record.resultKey : undefined),
    signed(buckets.results, succeeded ? record.thumbnailKey : undefined),
    signed(buckets.results, record.originalThumbnailKey),
  ]);
  return {
    id: record.id,
    name: historyFileName(record, details),
    status: succeeded ? 'staged' : 'failed',
    projectId: null,
    originalFilePath: record.normalisedKey ?? '',
    transformedFilePath: succeeded ? record.resultKey! : null,
    type: record.type,
    options: record.options ?? {},
    transformationId: record.id,
    userId: record.userId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    originalSignedUrl,
    transformedSignedUrl,
    url: transformedSignedUrl,
    thumbnailUrl,
    originalThumbnailUrl,
    resultContentType: resultContentTypeOfKey(record.resultKey ?? ''),
    saved: record.savedAt !== undefined,
    authorName: record.userId ? (details.authorNames.get(record.userId) ?? null) : null,
    ...(record.status === 'failed' && record.message ? { message: record.message } : {}),
  };
}
