/**
 * The reset link carries `token` = base64url of `email:code` (written by the Cognito
 * custom message trigger). The code is digits, so the last ':' separates the two.
 */
export interface ResetToken {
  email: string;
  code: string;
}

function fromBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function encodeResetToken({ email, code }: ResetToken): string {
  const bytes = new TextEncoder().encode(`${email}:${code}`);
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The email and code of a reset token, or null when the token is malformed. */
export function decodeResetToken(token: string | null | undefined): ResetToken | null {
  if (!token) return null;
  let decoded: string;
  try {
    decoded = fromBase64Url(token);
  } catch {
    return null;
  }
  const separator = decoded.lastIndexOf(':');
  if (separator <= 0) return null;
  const email = decoded.slice(0, separator);
  const code = decoded.slice(separator + 1);
  if (!email.includes('@') || !code) return null;
  return { email, code };
}
