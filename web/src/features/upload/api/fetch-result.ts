/** Downloads a result from its presigned URL (no API token: the URL carries its own signature). */
import { ApiError } from '../../../lib/api-error';

export async function fetchResultBlob(resultUrl: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(resultUrl, { signal });
  if (!response.ok) throw new ApiError(response.status, '');
  return response.blob();
}
