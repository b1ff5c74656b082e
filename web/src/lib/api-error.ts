import { ERROR_CODES, MESSAGES, type ErrorCode } from '@vitrine/shared';

/** A non-2xx API answer, with the server's French message when it sent one. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** The server sends `{ message }` as a string or a list (spec 8: a list is joined by ', '). */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  const { message } = body as { message: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string') && message.length)
    return message.join(', ');
  return undefined;
}

/** Message to show for any error: the server's when there is one, otherwise the given default. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.api.internal): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The machine code of an API error answer (`{ code, message }`): decide by it, never by the text. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const { code } = error.body as { code?: unknown };
  return ERROR_CODES.find((known) => known === code);
}
