/**
 * The keys of the public API (decision 102): `vit_live_` and 32 random bytes in base64url (52
 * characters). The prefix makes a leaked key recognisable (secret scanners, support); the table
 * keeps only its SHA-256, so a read of the table cannot call the API. A plain hash suffices: 256
 * random bits cannot be guessed or brute-forced (as for invitation tokens).
 */
import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'vit_live_';
const KEY_BYTES = 32;
const KEY_SHAPE = /^vit_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the key the list shows: the prefix and 4 more. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 4;

export interface NewApiKey {
  key: string;
  keyHash: string;
  /** What the list shows of it. */
  prefix: string;
}

export function newApiKey(): NewApiKey {
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, SHOWN_LENGTH) };
}

/** Hex SHA-256 of the key as sent. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True for what `newApiKey` makes: anything else is refused without a table read. */
export function isApiKeyShape(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}
