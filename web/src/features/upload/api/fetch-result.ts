/** Downloads a result from its presigned URL (its own module so tests can replace it). */
export { fetchBlob as fetchResultBlob } from '../../../lib/download';
