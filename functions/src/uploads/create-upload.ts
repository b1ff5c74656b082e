/** POST /api/uploads: records the declared upload and returns the presigned POST for it. */
import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { UploadRequest } from '@vitrine/shared';
import { presignUpload, uploadKey } from './presign';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import { putUpload } from './upload-store';

export interface CreateUploadDeps extends TableDeps {
  s3: S3Client;
  bucket: string;
  now?: () => Date;
}

export interface CreatedUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

export async function createUpload(
  deps: CreateUploadDeps,
  owner: { orgId: string; userId: string },
  request: UploadRequest,
): Promise<CreatedUpload> {
  const uploadId = randomUUID();
  const key = uploadKey(owner.orgId, uploadId);
  const post = await presignUpload(deps.s3, { bucket: deps.bucket, key, contentType: request.contentType });
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
