/** Files saved from the browser: a stored image fetched from its presigned URL, then handed to the user. */
import { resultContentTypeOfKey } from '@vitrine/shared';
import { ApiError } from './api-error';

/** The content type of each object URL made by `objectUrlOf`: a download names its file by it. */
const objectUrlTypes = new Map<string, string>();

/** An object URL of `blob` whose content type `contentTypeOfUrl` can tell later. */
export function objectUrlOf(blob: Blob): string {
  const url = URL.createObjectURL(blob);
  objectUrlTypes.set(url, blob.type);
  return url;
}

/** Forgets a revoked object URL. */
export function forgetObjectUrl(url: string): void {
  objectUrlTypes.delete(url);
}

/**
 * The content type of a result at `url` (decision 091): the blob's for an object URL made by
 * `objectUrlOf`, otherwise the one the stored key's extension says (a signed URL's path).
 */
export function contentTypeOfUrl(url: string): string {
  const known = objectUrlTypes.get(url);
  if (known) return known;
  try {
    return resultContentTypeOfKey(new URL(url).pathname);
  } catch {
    return resultContentTypeOfKey(url);
  }
}

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
