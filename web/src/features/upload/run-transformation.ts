/**
 * One file through the pipeline: upload (with progress) unless already uploaded, start the
 * transformation, poll until it is over, download the result. Dependencies are injected so the
 * sequence is tested without a network.
 */
import type { ErrorCode, TransformationOptions, TransformationType, UploadContentType } from '@vitrine/shared';
import { ApiError } from '../../lib/api-error';
import { createUpload, sendFileToStorage } from './api/create-upload';
import { fetchResultBlob } from './api/fetch-result';
import { waitForTransformation } from './api/get-transformation';
import { startTransformation } from './api/start-transformation';

export interface TransformationRequest {
  file: File;
  /** Reused on regeneration: the file is not sent twice. */
  uploadId: string | null;
  type: TransformationType;
  options: TransformationOptions;
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
};

export async function runTransformation(
  request: TransformationRequest,
  steps = pipeline,
): Promise<TransformationOutcome> {
  const { file, type, options, signal } = request;
  let uploadId = request.uploadId;
  if (!uploadId) {
    const upload = await steps.createUpload({
      fileName: file.name,
      contentType: file.type as UploadContentType,
      size: file.size,
    });
    await steps.sendFileToStorage(upload, file, { onProgress: request.onUploadProgress, signal });
    uploadId = upload.uploadId;
    request.onUploaded(uploadId);
  }
  const { transformationId } = await steps.startTransformation({ uploadId, type, options });
  request.onStarted(transformationId);
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

/**
 * Spec 8: the server message when there is one. A credits error is told by its code
 * (a 402 on start, or a transformation that failed with it), never by the message's text.
 */
export function classifyFailure(error: unknown): { serverMessage: string | null; isCreditsError: boolean } {
  const known = error instanceof ApiError || error instanceof TransformationFailedError;
  const message = known ? error.message.trim() || null : null;
  return { serverMessage: message, isCreditsError: known && error.code === 'INSUFFICIENT_CREDITS' };
}

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';
