/** GET /api/transformations/{id}, and the polling until the transformation is over. */
import type { Transformation } from '@vitrine/shared';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const getTransformationKey = (id: string) => `/transformations/${encodeURIComponent(id)}`;

export const getTransformation = (id: string, signal?: AbortSignal) =>
  api<Transformation>(getTransformationKey(id), { signal });

/**
 * The wait before the next poll, by how long the job has run (decision 73): the local engines
 * answer within a few seconds, polled every 250 ms (the result seen 125 ms late on average, where a
 * 1 s interval made it 500 ms); past 5 s, a hosted model's 30 s or so, every 500 ms (250 ms late on
 * average, under 1 % of the call, for about 70 requests a job).
 */
export function pollIntervalAt(elapsedMs: number): number {
  return elapsedMs < 5000 ? 250 : 500;
}
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
  /** A fixed interval instead of pollIntervalAt's. */
  intervalMs?: number;
  timeoutMs?: number;
}

/** Polls until the status is succeeded or failed; rejects with PollTimeoutError past the cap. */
export async function waitForTransformation(
  id: string,
  { signal, intervalMs, timeoutMs = POLL_TIMEOUT_MS }: PollOptions = {},
): Promise<Transformation> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const transformation = await getTransformation(id, signal).catch((error: unknown) => {
      // A dropped connection or a 5xx says nothing about the job, which may still succeed (and be
      // charged): keep polling until the deadline. A 4xx or an abort is final.
      if (signal?.aborted || (error instanceof ApiError && error.status < 500)) throw error;
      return undefined;
    });
    if (transformation?.status === 'succeeded' || transformation?.status === 'failed') return transformation;
    const wait = intervalMs ?? pollIntervalAt(Date.now() - started);
    if (Date.now() + wait > deadline) throw new PollTimeoutError(`Transformation ${id} still running`);
    await delay(wait, signal);
  }
}
