/** S3 presigned URLs through the SDK's presigner (the client itself is in s3-client.ts). */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from './s3-client';

export { s3 } from './s3-client';

export { resultsBucket, uploadsBucket } from './buckets';

export const DEFAULT_URL_EXPIRY_SECONDS = 15 * 60;

export function presignGetUrl(bucket: string, key: string, expiresIn = DEFAULT_URL_EXPIRY_SECONDS): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
}

export function presignPutUrl(
  bucket: string,
  key: string,
  contentType: string,
  expiresIn = DEFAULT_URL_EXPIRY_SECONDS,
): Promise<string> {
  return getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
    expiresIn,
  });
}
