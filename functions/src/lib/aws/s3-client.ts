/**
 * S3: one client per Lambda container. GET URLs are signed without it (presign-get.ts), uploads
 * are presigned POSTs (uploads/presign.ts). The endpoint comes from AWS_ENDPOINT_URL_S3; the local
 * emulator needs path-style addressing (S3_FORCE_PATH_STYLE=true). Checksums only when required:
 * by default the SDK signs a CRC32 of an empty body into presigned requests, which S3 then rejects
 * for the browser's upload.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../env';

export const s3 = new S3Client({
  forcePathStyle: process.env[ENV.s3ForcePathStyle] === 'true',
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
