/** POST /api/uploads: records the declared upload and returns the presigned POST for it. */
import { randomUUID } from 'node:crypto';
import type { CreatedUpload, UploadRequest } from '@vitrine/shared';
import { presignUpload, uploadKey } from './presign';
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SignPost } from '../lib/aws/presign-post';
import { keys } from '../lib/keys';
import { putUpload } from './upload-store';

export interface CreateUploadDeps extends TableDeps {
  signPost: SignPost;
  bucket: string;
  now?: () => Date;
}

export async function createUpload(
  deps: CreateUploadDeps,
  owner: { orgId: string; userId: string },
  request: UploadRequest,
  /** The public API's `Idempotency-Key` gives the id: a retried request answers for the same upload. */
  uploadId: string = randomUUID(),
): Promise<CreatedUpload> {
  const key = uploadKey(owner.orgId, uploadId);
  const post = await presignUpload(deps.signPost, { bucket: deps.bucket, key, contentType: request.contentType });
  await putUpload(deps, {
    ...keys.upload(owner.orgId, uploadId),
    id: uploadId,
    orgId: owner.orgId,
    userId: owner.userId,
    fileName: request.fileName,
    contentType: request.contentType,
    size: request.size,
    bucket: deps.bucket,
    key,
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
  });
  return { uploadId, url: post.url, fields: post.fields };
}
