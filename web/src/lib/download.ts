/** Files saved from the browser: a stored image fetched from its presigned URL, then handed to the user. */
import { ApiError } from './api-error';

/** The bytes behind a presigned URL (no API token: the URL carries its own signature). */
export async function fetchBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new ApiError(response.status, '');
  return response.blob();
}

/** Long enough for the browser to start writing the file before the object URL is revoked. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves a blob under `fileName`. A cross-origin URL (the buckets) ignores the `download` attribute,
 * so the bytes go through a same-origin object URL.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
