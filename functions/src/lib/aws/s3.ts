/**
 * S3: one client per Lambda container. The endpoint comes from AWS_ENDPOINT_URL_S3; the local
 * emulator needs path-style addressing (S3_FORCE_PATH_STYLE=true).
 * Checksums only when required: by default the SDK signs a CRC32 of an empty body into presigned
 * PUT URLs, which real S3 then rejects for the browser's upload.
 */
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../env';

export const s3 = new S3Client({
  forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

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
