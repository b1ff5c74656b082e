import { ERROR_CODES, type ErrorCode, API_TEXTS } from '@vitrine/shared';

/**
 * A non-2xx API answer: the server's stable `code` (decide by it, never by the text) and its
 * French message, shown to users as is.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined = undefined,
    /** The answer's `Retry-After` in seconds (429, 503), when it sent one. */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(message);
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date (RFC 9110); undefined otherwise. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** The `code` of an error body `{ code, message }`, when it is one the contract knows. */
export function serverCode(body: unknown): ErrorCode | undefined {
  if (!body || typeof body !== 'object' || !('code' in body)) return undefined;
  const { code } = body as { code: unknown };
  return isErrorCode(code) ? code : undefined;
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
export function errorMessage(error: unknown, fallback: string = API_TEXTS.internal): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
