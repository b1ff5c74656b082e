/**
 * French messages for what Cognito answers to the account calls of the settings (password change,
 * e-mail verification, TOTP). Amplify throws errors named after Cognito's exceptions.
 */
import { AUTH_TEXTS, SETTINGS_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';

const nameOf = (error: unknown) => (error instanceof Error ? error.name : undefined);

const TOO_MANY = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);
/** No session any more (Amplify's own error when the tokens are gone). */
const SIGNED_OUT = new Set(['UserUnAuthenticatedException', 'NoSessionException']);

/**
 * ChangePassword. A wrong current password is NotAuthorizedException in Cognito and
 * InvalidPasswordException in the local emulator; in Cognito InvalidPasswordException means the
 * new password breaks the pool's policy ("Password does not conform to policy..."), which the form
 * already checks, so only that wording is read as the policy.
 */
export function passwordChangeErrorMessage(error: unknown): string {
  const name = nameOf(error);
  if (name === 'NotAuthorizedException') return SETTINGS_TEXTS.password.wrongCurrent;
  if (name === 'InvalidPasswordException') {
    const message = error instanceof Error ? error.message : '';
    return /policy/i.test(message) ? VALIDATION_TEXTS.passwordMin : SETTINGS_TEXTS.password.wrongCurrent;
  }
  if (name && TOO_MANY.has(name)) return SETTINGS_TEXTS.password.tooManyAttempts;
  if (name && SIGNED_OUT.has(name)) return AUTH_TEXTS.pleaseReconnect;
  return SETTINGS_TEXTS.password.failed;
}

/** VerifyUserAttribute and GetUserAttributeVerificationCode. */
export function emailVerificationErrorMessage(error: unknown): string {
  const name = nameOf(error);
  const t = SETTINGS_TEXTS.emailVerification;
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return t.invalidCode;
  if (name && TOO_MANY.has(name)) return t.tooManyAttempts;
  if (name && SIGNED_OUT.has(name)) return AUTH_TEXTS.pleaseReconnect;
  return t.failed;
}

/** VerifySoftwareToken and SetUserMFAPreference. */
export function totpErrorMessage(error: unknown): string {
  const name = nameOf(error);
  const t = SETTINGS_TEXTS.totp;
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return t.invalidCode;
  if (name && TOO_MANY.has(name)) return SETTINGS_TEXTS.password.tooManyAttempts;
  if (name && SIGNED_OUT.has(name)) return AUTH_TEXTS.pleaseReconnect;
  return t.failed;
}
