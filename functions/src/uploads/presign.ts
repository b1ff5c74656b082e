/**
 * The presigned POST the browser uploads with (architecture decision 5): the file goes straight
 * to S3, never through a Lambda. S3 enforces the policy's conditions (the local S3 too, decision
 * 107), and the workflow's Validate step re-checks the object.
 */
import type { PresignedPost, SignPost } from '../lib/aws/presign-post';
import { PENDING_UPLOAD_TAG, UPLOAD_LIMITS, type UploadContentType } from '@vitrine/shared';
import { objectKeys } from '../lib/object-keys';

/** Minutes, not hours: the wizard uploads right after asking. */
export const UPLOAD_POST_EXPIRY_SECONDS = 5 * 60;

/** The pending tag as the presigned POST's `tagging` form field (S3 expects its XML form). */
export const PENDING_UPLOAD_TAGGING = `<Tagging><TagSet><Tag><Key>${PENDING_UPLOAD_TAG.key}</Key><Value>${PENDING_UPLOAD_TAG.value}</Value></Tag></TagSet></Tagging>`;

/** Organization-scoped key: the workflow only reads objects under the caller's organization prefix. */
export function uploadKey(orgId: string, uploadId: string): string {
  return objectKeys.upload(orgId, uploadId);
}

export interface PresignUploadInput {
  bucket: string;
  key: string;
  contentType: UploadContentType;
}

export function presignUpload(
  signPost: SignPost,
  { bucket, key, contentType }: PresignUploadInput,
): Promise<PresignedPost> {
  return signPost({
    bucket,
    key,
    // Each field also becomes an exact-match condition (the signer adds one per field).
    fields: { 'Content-Type': contentType, tagging: PENDING_UPLOAD_TAGGING },
    conditions: [
      ['content-length-range', 1, UPLOAD_LIMITS.maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    expiresIn: UPLOAD_POST_EXPIRY_SECONDS,
  });
}
