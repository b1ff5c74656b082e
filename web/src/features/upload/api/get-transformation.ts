/** GET /api/transformations/{id}, and the polling until the transformation is over. */
import type { Transformation } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const getTransformationKey = (id: string) => `/transformations/${encodeURIComponent(id)}`;

export const getTransformation = (id: string, signal?: AbortSignal) =>
  api<Transformation>(getTransformationKey(id), { signal });

export const POLL_INTERVAL_MS = 1000;
/** Generative models answer in about 30 s; past this the result is reported as failed. */
export const POLL_TIMEOUT_MS = 5 * 60 * 1000;

export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
}

/** Resolves after `ms`, or rejects with an AbortError as soon as `signal` aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Polling cancelled', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface PollOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  timeoutMs?: number;
}

/** Polls until the status is succeeded or failed; rejects with PollTimeoutError past the cap. */
export async function waitForTransformation(
  id: string,
  { signal, intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS }: PollOptions = {},
): Promise<Transformation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const transformation = await getTransformation(id, signal).catch((error: unknown) => {
      // A dropped connection or a 5xx says nothing about the job, which may still succeed (and be
      // charged): keep polling until the deadline. A 4xx or an abort is final.
      if (signal?.aborted || (error instanceof ApiError && error.status < 500)) throw error;
      return undefined;
    });
    if (transformation?.status === 'succeeded' || transformation?.status === 'failed') return transformation;
    if (Date.now() + intervalMs > deadline) throw new PollTimeoutError(`Transformation ${id} still running`);
    await delay(intervalMs, signal);
  }
}
