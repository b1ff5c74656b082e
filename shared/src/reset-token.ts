/**
 * The token of the password-reset link (/reset-password?token=...): the account's e-mail and the
 * Cognito confirmation code, so the reset page needs only the link. Cognito's Custom message
 * trigger never sees the code itself, only a placeholder it substitutes afterwards, so the code
 * cannot be inside an encoding: the token is `base64url(email) + '.' + code`.
 */
const SEPARATOR = '.';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** `code` may be Cognito's `{####}` placeholder (in the trigger) or the real code (in tests). */
export function encodeResetToken(email: string, code: string): string {
  return `${toBase64Url(email)}${SEPARATOR}${code}`;
}

/** undefined when the token is not one we issued. */
export function decodeResetToken(token: string): { email: string; code: string } | undefined {
  const index = token.indexOf(SEPARATOR);
  if (index <= 0 || index === token.length - 1) return undefined;
  try {
    const email = fromBase64Url(token.slice(0, index));
    const code = token.slice(index + 1);
    return email.includes('@') ? { email, code } : undefined;
  } catch {
    return undefined;
  }
}
