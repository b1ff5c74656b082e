/** The `Idempotency-Key` header of a public API write (HTTP API v2 lower-cases header names). */
import { IDEMPOTENCY_KEY, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { BadRequest } from '../lib/errors';
import type { HttpEvent } from '../lib/http-types';

/** The key when present and valid; undefined when absent; a 400 when malformed. */
export function idempotencyKeyOf(event: HttpEvent): string | undefined {
  const value = event.headers?.[IDEMPOTENCY_KEY.header.toLowerCase()];
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.pattern.test(value)) throw new BadRequest(TRANSFORMATION_MESSAGES.invalidIdempotencyKey);
  return value;
}
