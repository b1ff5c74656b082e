/** The two buckets' names (read on first use), apart from the S3 client: a Lambda that only signs
 * URLs (lib/aws/presign-get.ts) needs the names without bundling the client. */
import { envGetter } from '../config';
import { ENV } from '../env';

/** Bucket receiving the browser's presigned uploads, and the validated originals. */
export const uploadsBucket = envGetter(ENV.uploadsBucket);
/** Bucket holding transformation results and the thumbnails. */
export const resultsBucket = envGetter(ENV.resultsBucket);
