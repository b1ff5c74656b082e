/**
 * One file through the pipeline: upload (with progress) unless already uploaded, start the
 * transformation, poll until it is over, download the result. Dependencies are injected so the
 * sequence is tested without a network.
 *
 * Each run (a file's first attempt, or a regeneration) starts with its own Idempotency-Key, sent
 * again with every retry of that start: a start refused because the organization has its
 * maximum of transformations in flight (429) waits for the Retry-After and tries again, and one
 * whose answer was lost is sent again, without ever starting or charging a second transformation.
 */
import type {
  ErrorCode,
  StartedTransformations,
  TransformationOptions,
  TransformationType,
  UploadContentType,
} from '@vitrine/shared';
import { ApiError } from '../../lib/api-error';
import { createUpload, sendFileToStorage } from './api/create-upload';
import { fetchResultBlob } from './api/fetch-result';
import { delay, waitForTransformation } from './api/get-transformation';
import { startTransformation } from './api/start-transformation';

export interface TransformationRequest {
  file: File;
  /** Reused on regeneration: the file is not sent twice. */
  uploadId: string | null;
  /**
   * An earlier transformation of the same photo: the server reuses its stored original, so nothing
   * is uploaded (a rerun with new options, a regeneration; decision 066). Wins over `uploadId`.
   */
  sourceTransformationId?: string | null;
  type: TransformationType;
  options: TransformationOptions;
  /** Variants of the photo in this run (decision 065); one when absent. */
  variants?: number;
  signal: AbortSignal;
  onUploadProgress: (percent: number) => void;
  onUploaded: (uploadId: string) => void;
  onStarted: (transformationId: string) => void;
}

export interface TransformationOutcome {
  blob: Blob;
  simulated: boolean;
  creditBalance: number | undefined;
}

/** A transformation that ended with status failed; its message is the server's French text. */
export class TransformationFailedError extends Error {
  override name = 'TransformationFailedError';
  constructor(
    message: string,
    readonly code: ErrorCode | undefined = undefined,
  ) {
    super(message);
  }
}

export const pipeline = {
  createUpload,
  sendFileToStorage,
  startTransformation,
  waitForTransformation,
  fetchResultBlob,
  /** The Idempotency-Key of one run: 128 random bits (getRandomValues works outside secure contexts too). */
  newIdempotencyKey: (): string =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
  delay,
};

/** How long a start refused for lack of a free place (429) keeps waiting for one. */
export const START_RETRY_WINDOW_MS = 10 * 60 * 1000;
/** When the server names no Retry-After (API Gateway's own throttling). */
const DEFAULT_RETRY_AFTER_S = 10;
/** Waits before sending a start again whose answer was lost (the request may have been served). */
const LOST_ANSWER_RETRY_DELAYS_MS = [1000, 3000];

/** One variant from the file to its result: upload unless uploaded, start, wait, download. */
export async function runTransformation(
  request: TransformationRequest,
  steps = pipeline,
): Promise<TransformationOutcome> {
  const { transformationId } = await startRun(request, steps);
  request.onStarted(transformationId);
  return settleTransformation(transformationId, request.signal, steps);
}

/**
 * Sends the photo unless the server has it (an upload, or an earlier transformation's original),
 * then starts the run's variants once, whatever the retries: one Idempotency-Key per run.
 */
export async function startRun(
  request: Omit<TransformationRequest, 'onStarted'>,
  steps = pipeline,
): Promise<StartedTransformations> {
  const { file, type, options, signal } = request;
  const sourceTransformationId = request.sourceTransformationId ?? undefined;
  let uploadId = request.uploadId ?? undefined;
  if (!uploadId && !sourceTransformationId) {
    const upload = await steps.createUpload({
      fileName: file.name,
      contentType: file.type as UploadContentType,
      size: file.size,
    });
    await steps.sendFileToStorage(upload, file, { onProgress: request.onUploadProgress, signal });
    uploadId = upload.uploadId;
    request.onUploaded(uploadId);
  }
  return startWithRetries(
    steps,
    {
      ...(sourceTransformationId ? { sourceTransformationId } : { uploadId }),
      type,
      options,
      ...(request.variants && request.variants > 1 ? { variants: request.variants } : {}),
      idempotencyKey: steps.newIdempotencyKey(),
    },
    signal,
  );
}

/** Waits for one started transformation and downloads its result; a failure throws with its French message. */
export async function settleTransformation(
  transformationId: string,
  signal: AbortSignal,
  steps = pipeline,
): Promise<TransformationOutcome> {
  const transformation = await steps.waitForTransformation(transformationId, { signal });
  if (transformation.status === 'failed' || !transformation.resultUrl) {
    throw new TransformationFailedError(transformation.message ?? '', transformation.code);
  }
  const blob = await steps.fetchResultBlob(transformation.resultUrl, signal);
  return {
    blob,
    simulated: transformation.simulated === true,
    creditBalance: typeof transformation.creditBalance === 'number' ? transformation.creditBalance : undefined,
  };
}

/** Sends the start again with the same key while the answer says to wait (429) or was lost. */
async function startWithRetries(
  steps: typeof pipeline,
  input: Parameters<typeof pipeline.startTransformation>[0],
  signal: AbortSignal,
): Promise<StartedTransformations> {
  const deadline = Date.now() + START_RETRY_WINDOW_MS;
  for (let lostAnswers = 0; ;) {
    try {
      return await steps.startTransformation(input);
    } catch (error) {
      const wait = retryDelayMs(error, lostAnswers);
      if (wait === undefined || signal.aborted || Date.now() + wait > deadline) throw error;
      if (!(error instanceof ApiError)) lostAnswers++;
      await steps.delay(wait, signal);
    }
  }
}

function retryDelayMs(error: unknown, lostAnswers: number): number | undefined {
  if (error instanceof ApiError) {
    return error.status === 429 ? (error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S) * 1000 : undefined;
  }
  // fetch rejects with a TypeError when no answer came back (connection lost).
  return error instanceof TypeError ? LOST_ANSWER_RETRY_DELAYS_MS[lostAnswers] : undefined;
}

/** Codes that say the photo itself was refused: running it again cannot succeed (decision 094). */
const INPUT_REJECTED_CODES: readonly (ErrorCode | undefined)[] = ['IMAGE_REJECTED', 'VALIDATION'];

/**
 * Spec 8: the server message when there is one. A credits error is told by its code
 * (a 402 on start, or a transformation that failed with it), never by the message's text; so is
 * a photo the server refused (not an image, unreadable...), which is not offered for regeneration.
 */
export function classifyFailure(error: unknown): {
  serverMessage: string | null;
  isCreditsError: boolean;
  inputRejected: boolean;
} {
  const known = error instanceof ApiError || error instanceof TransformationFailedError;
  const message = known ? error.message.trim() || null : null;
  return {
    serverMessage: message,
    isCreditsError: known && error.code === 'INSUFFICIENT_CREDITS',
    inputRejected: known && INPUT_REJECTED_CODES.includes(error.code),
  };
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
