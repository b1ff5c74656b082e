/**
 * The first bytes of an uploaded object, read before a transformation is charged or queued
 * (decision 094): a text file renamed `.jpg` is refused by the start request itself, not by the
 * workflow after a credit was reserved. One ranged GET through a presigned URL (lib/aws/presign-get.ts),
 * so the image-processing Lambda bundles no S3 client for it.
 */
import { IMAGE_SIGNATURE_BYTES } from '@vitrine/shared';
import { presignGetUrl, type SignGetUrl } from '../lib/aws/presign-get';

export interface UploadSignatureDeps {
  signGetUrl?: SignGetUrl;
  fetch?: typeof fetch;
}

/** The object's first IMAGE_SIGNATURE_BYTES bytes (fewer for a smaller file); undefined when it was never uploaded. */
export async function readUploadSignature(
  object: { bucket: string; key: string },
  deps: UploadSignatureDeps = {},
): Promise<Uint8Array | undefined> {
  const url = await (deps.signGetUrl ?? presignGetUrl)(object.bucket, object.key, { expiresIn: 60 });
  const response = await (deps.fetch ?? fetch)(url, { headers: { range: `bytes=0-${IMAGE_SIGNATURE_BYTES - 1}` } });
  // The presigned POST was asked for but the file never sent: 404, or 403 in AWS (the role may not
  // list the bucket, so S3 does not say the key is missing); 416: an empty object.
  if (response.status === 403 || response.status === 404 || response.status === 416) return undefined;
  if (!response.ok) throw new Error(`Upload signature read failed: HTTP ${response.status}`);
  // A server ignoring Range sends the whole object: only the signature is kept.
  return new Uint8Array(await response.arrayBuffer()).subarray(0, IMAGE_SIGNATURE_BYTES);
}
