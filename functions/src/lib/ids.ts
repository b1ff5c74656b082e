/**
 * The one rule for an id a request names, in the path or in the body (architecture decision 20):
 * ids are UUIDs or hashes, types are slugs, so anything else cannot name a resource, and an
 * over-long value would exceed DynamoDB's key size and surface as a 500.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';

export const RESOURCE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function isResourceId(value: unknown): value is string {
  return typeof value === 'string' && RESOURCE_ID.test(value);
}

/** A body field holding an id: `message` (French) answers a missing or malformed one. */
export function resourceIdSchema(message: string) {
  return z.string({ error: message }).check(z.regex(RESOURCE_ID, message));
}

/** Crockford's base 32 (no I, L, O, U): ids read aloud or copied stay unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID-shaped id (26 characters: 10 of milliseconds since 1970, 16 random, 80 bits): ids sort
 * by creation time, so items keyed `PREFIX#<id>` are listed newest first by a Query with
 * ScanIndexForward false, with no index (architecture decision 41).
 */
export function timeOrderedId(now = Date.now(), random: (size: number) => Uint8Array = randomBytes): string {
  let time = '';
  for (let rest = now, index = 0; index < 10; index += 1, rest = Math.floor(rest / 32)) {
    time = BASE32[rest % 32]! + time;
  }
  const bytes = random(16);
  let tail = '';
  for (const byte of bytes) tail += BASE32[byte % 32]!;
  return time + tail;
}
