/**
 * Invitation tokens: 32 random bytes in base64url (43 characters, a valid path segment), sent only
 * in the invitation e-mail's link; the table keeps their SHA-256, so a read of the table cannot
 * accept an invitation. A plain hash suffices: 256 random bits cannot be guessed or brute-forced.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewInvitationToken {
  token: string;
  tokenHash: string;
}

export function newInvitationToken(): NewInvitationToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** Hex SHA-256 of the token as sent. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for what `newInvitationToken` makes: anything else can only miss, without a table read. */
export function isInvitationTokenShape(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_SHAPE.test(token);
}

/** The link of the invitation e-mail (spec 2.12: the accept page). */
export function acceptInvitationUrl(appUrl: string, token: string): string {
  return `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
}
