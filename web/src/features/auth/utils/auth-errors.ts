import { AUTH_TEXTS } from '@vitrine/shared';

/** Cognito's error name, for errors thrown by Amplify (AuthError) or the SDK. */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * Wrong email or password. Real Cognito answers NotAuthorizedException (and, without
 * "prevent user existence errors", UserNotFoundException); the local emulator answers
 * InvalidPasswordException for a wrong password.
 */
const INVALID_CREDENTIALS = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);

/** Spec 8: invalid credentials get their own message; anything else the login default. */
export function loginErrorMessage(error: unknown): string {
  const name = errorName(error);
  const message = error instanceof Error ? error.message : '';
  if ((name && INVALID_CREDENTIALS.has(name)) || /invalid credentials/i.test(message))
    return AUTH_TEXTS.invalidCredentials;
  return AUTH_TEXTS.loginFailed;
}

/** Spec 8: an existing account gets its own message; anything else the register default. */
export function registerErrorMessage(error: unknown): string {
  return errorName(error) === 'UsernameExistsException' ? AUTH_TEXTS.emailTaken : AUTH_TEXTS.registerFailed;
}

/**
 * The TOTP step of a sign-in: a wrong code (CodeMismatchException) may be typed again; an expired
 * challenge session (NotAuthorizedException: "Invalid session", or too many attempts) needs the
 * password again.
 */
export function totpErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return AUTH_TEXTS.totpInvalid;
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') return AUTH_TEXTS.totpExpired;
  return AUTH_TEXTS.loginFailed;
}
