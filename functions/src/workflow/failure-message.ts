/**
 * The French message of a failed transformation, from the error Step Functions caught. Only our
 * own typed errors carry a message meant for the user; anything else gets a generic one, so no
 * internal detail ever reaches the screen.
 */
import { TRANSFORMATION_MESSAGES } from '@vitrine/shared';

/** What a Catch with ResultPath puts in the state: `{ Error, Cause }`. */
export interface CaughtError {
  Error?: string;
  Cause?: string;
}

const USER_FACING_ERRORS = new Set(['InvalidImageError', 'EngineRejection']);

export function failureMessage(caught: CaughtError | undefined): string {
  const name = caught?.Error ?? '';
  if (name === 'InsufficientCreditsError') return TRANSFORMATION_MESSAGES.insufficientCredits;
  if (name === 'States.Timeout') return TRANSFORMATION_MESSAGES.timedOut;
  if (USER_FACING_ERRORS.has(name)) return causeMessage(caught?.Cause) ?? TRANSFORMATION_MESSAGES.engineFailed;
  return TRANSFORMATION_MESSAGES.engineFailed;
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
