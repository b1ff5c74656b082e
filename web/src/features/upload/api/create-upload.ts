/**
 * POST /api/uploads: asks for a presigned POST, then sends the file straight to storage with
 * XMLHttpRequest, the one browser API that reports upload progress.
 */
import type { UploadRequest } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export interface PresignedUpload {
  uploadId: string;
  url: string;
  fields: Record<string, string>;
}

export const createUpload = (request: UploadRequest): Promise<PresignedUpload> =>
  api<PresignedUpload>('/uploads', { method: 'POST', body: request });

export interface SendFileOptions {
  /** Percent sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Posts `fields` then `file` (storage wants the file last) to the presigned URL. */
export function sendFileToStorage(
  upload: Pick<PresignedUpload, 'url' | 'fields'>,
  file: Blob,
  { onProgress, signal }: SendFileOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);

    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        resolve();
      } else reject(new ApiError(request.status, ''));
    });
    request.addEventListener('error', () => {
      settle();
      reject(new ApiError(0, ''));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    });
    request.open('POST', upload.url);
    request.send(form);
  });
}
