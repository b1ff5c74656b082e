/**
 * Why a transformation failed, from the error Step Functions caught: the error contract's code
 * (clients decide by it) and the French message. Only our own typed errors carry a message meant
 * for the user; anything else gets a generic one, so no internal detail ever reaches the screen.
 */
import { TRANSFORMATION_MESSAGES, type ApiErrorBody } from '@vitrine/shared';

/** What a Catch with ResultPath puts in the state: `{ Error, Cause }`. */
export interface CaughtError {
  Error?: string;
  Cause?: string;
}

/** A failed transformation's `{ code, message }`, stored on its record and returned by the status route. */
export type TransformationFailure = ApiErrorBody;

/** Errors whose (French) message explains why the image itself was refused. */
const IMAGE_REFUSALS = new Set(['InvalidImageError', 'EngineRejection', 'StructureChangedError']);

/** Engine failures of ours, each with its fixed French message (decision 63). */
const ENGINE_FAILURES: Record<string, string> = {
  EngineConfigurationError: TRANSFORMATION_MESSAGES.engineUnavailable,
  EngineThrottledError: TRANSFORMATION_MESSAGES.engineBusy,
};

export function failureOf(caught: CaughtError | undefined): TransformationFailure {
  const name = caught?.Error ?? '';
  if (name === 'InsufficientCreditsError') {
    return { code: 'INSUFFICIENT_CREDITS', message: TRANSFORMATION_MESSAGES.insufficientCredits };
  }
  if (IMAGE_REFUSALS.has(name)) {
    return { code: 'IMAGE_REJECTED', message: causeMessage(caught?.Cause) ?? TRANSFORMATION_MESSAGES.engineFailed };
  }
  const engineFailure = ENGINE_FAILURES[name];
  if (engineFailure) return { code: 'ENGINE_FAILED', message: engineFailure };
  if (name === 'States.Timeout') return { code: 'ENGINE_FAILED', message: TRANSFORMATION_MESSAGES.timedOut };
  return { code: 'ENGINE_FAILED', message: TRANSFORMATION_MESSAGES.engineFailed };
}

/** Lambda sends the cause as JSON (`{errorType, errorMessage, trace}`); local handlers as text. */
function causeMessage(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // Not JSON: the message itself.
  }
  return cause;
}
