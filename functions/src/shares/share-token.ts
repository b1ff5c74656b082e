/**
 * Share tokens (decision 098): 32 random bytes in base64url (43 characters, a valid path
 * segment), given to the agent once; the table keeps only their SHA-256, so a read of the table
 * cannot open a link. A plain hash suffices: 256 random bits cannot be guessed.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashShareToken(token) };
}

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for what `newShareToken` makes: anything else misses without a table read. */
export function isShareTokenShape(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}
