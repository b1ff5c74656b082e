/**
 * The one rule for an id a request names, in the path or in the body (architecture decision 20):
 * ids are UUIDs or hashes, types are slugs, so anything else cannot name a resource, and an
 * over-long value would exceed DynamoDB's key size and surface as a 500.
 */
import * as z from 'zod/mini';

export const RESOURCE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function isResourceId(value: unknown): value is string {
  return typeof value === 'string' && RESOURCE_ID.test(value);
}

/** A body field holding an id: `message` (French) answers a missing or malformed one. */
export function resourceIdSchema(message: string) {
  return z.string({ error: message }).check(z.regex(RESOURCE_ID, message));
}
