/**
 * French messages for what Cognito answers, in one place for every feature that calls it (sign-in,
 * sign-up, password reset, settings). Amplify throws errors named after Cognito's exceptions
 * (decision 078). Errors per operation:
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_RespondToAuthChallenge.html#API_RespondToAuthChallenge_Errors
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_VerifySoftwareToken.html#API_VerifySoftwareToken_Errors
 * https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_ChangePassword.html#API_ChangePassword_Errors
 */
import { AUTH_TEXTS, SETTINGS_TEXTS, VALIDATION_TEXTS, API_TEXTS } from '@vitrine/shared';

/** Cognito's error name, for errors thrown by Amplify (AuthError) or the SDK. */
export function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : '');

/** Rate limits: Cognito's request quota, and its lock-out after repeated wrong codes or passwords. */
const TOO_MANY = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);
/** No session any more (Amplify's own errors when the tokens are gone). */
const SIGNED_OUT = new Set(['UserUnAuthenticatedException', 'NoSessionException']);

/**
 * Wrong email or password: Cognito answers NotAuthorizedException (and, without "prevent user
 * existence errors", UserNotFoundException).
 */
const INVALID_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/**
 * Spec 8: invalid credentials get their own message; the lockout after five wrong passwords
 * (NotAuthorizedException 'Password attempts exceeded') the rate limit's; anything else the login default.
 */
export function loginErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(errorText(error)))
    return AUTH_TEXTS.tooManyAttempts;
  if ((name && INVALID_CREDENTIALS.has(name)) || /invalid credentials/i.test(errorText(error)))
    return AUTH_TEXTS.invalidCredentials;
  return AUTH_TEXTS.loginFailed;
}

/** Spec 8: an existing account gets its own message; anything else the register default. */
export function registerErrorMessage(error: unknown): string {
  return errorName(error) === 'UsernameExistsException' ? AUTH_TEXTS.emailTaken : AUTH_TEXTS.registerFailed;
}

/** Where a TOTP code is checked: the sign-in's SOFTWARE_TOKEN_MFA challenge, or its set-up in the settings. */
export type TotpStep = 'sign-in' | 'settings';

/**
 * A TOTP code refused by RespondToAuthChallenge (sign-in), VerifySoftwareToken or
 * SetUserMFAPreference (settings). A wrong code (CodeMismatchException; EnableSoftwareTokenMFAException
 * when set-up fails on it) or an expired one (ExpiredCodeException: the code, not the session) may
 * be typed again. NotAuthorizedException means the session is spent: at sign-in the challenge's
 * (expired, or too many wrong codes), so the password is needed again; in the settings the access
 * token's. Rate limits get their own message; anything else the step's default.
 */
export function totpErrorMessage(error: unknown, step: TotpStep): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException' || name === 'ExpiredCodeException')
    return AUTH_TEXTS.totpInvalid;
  if (name && TOO_MANY.has(name)) return AUTH_TEXTS.tooManyAttempts;
  if (name === 'NotAuthorizedException' || (name && SIGNED_OUT.has(name)))
    return step === 'sign-in' ? AUTH_TEXTS.totpExpired : API_TEXTS.pleaseReconnect;
  return step === 'sign-in' ? AUTH_TEXTS.loginFailed : SETTINGS_TEXTS.totp.failed;
}

/**
 * ChangePassword. A wrong current password is NotAuthorizedException; InvalidPasswordException
 * means the new password breaks the pool's policy ("Password does not conform to policy..."),
 * which the form already checks, so only that wording is read as the policy.
 */
export function passwordChangeErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'NotAuthorizedException') return SETTINGS_TEXTS.password.wrongCurrent;
  if (name === 'InvalidPasswordException')
    return /policy/i.test(errorText(error)) ? VALIDATION_TEXTS.passwordMin : SETTINGS_TEXTS.password.wrongCurrent;
  if (name && TOO_MANY.has(name)) return AUTH_TEXTS.tooManyAttempts;
  if (name && SIGNED_OUT.has(name)) return API_TEXTS.pleaseReconnect;
  return SETTINGS_TEXTS.password.failed;
}

/** VerifyUserAttribute and GetUserAttributeVerificationCode. */
export function emailVerificationErrorMessage(error: unknown): string {
  const name = errorName(error);
  const t = SETTINGS_TEXTS.emailVerification;
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return t.invalidCode;
  if (name && TOO_MANY.has(name)) return AUTH_TEXTS.tooManyAttempts;
  if (name && SIGNED_OUT.has(name)) return API_TEXTS.pleaseReconnect;
  return t.failed;
}
