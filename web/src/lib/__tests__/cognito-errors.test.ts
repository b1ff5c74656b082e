import { AUTH_TEXTS, SETTINGS_TEXTS, VALIDATION_TEXTS, API_TEXTS } from '@vitrine/shared';
import {
  emailVerificationErrorMessage,
  loginErrorMessage,
  passwordChangeErrorMessage,
  registerErrorMessage,
  totpErrorMessage,
} from '../cognito-errors';

const cognitoError = (name: string, message = 'from Cognito') => Object.assign(new Error(message), { name });

describe('loginErrorMessage', () => {
  it.each(['NotAuthorizedException', 'UserNotFoundException'])('maps %s to the invalid credentials message', (name) => {
    expect(loginErrorMessage(cognitoError(name))).toBe('Identifiants invalides. Veuillez réessayer.');
  });

  it("tells a locked-out user to try later ('Password attempts exceeded' after five wrong passwords)", () => {
    expect(loginErrorMessage(cognitoError('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      AUTH_TEXTS.tooManyAttempts,
    );
  });

  it('maps a server message mentioning invalid credentials (spec 8)', () => {
    expect(loginErrorMessage(cognitoError('Error', 'Invalid credentials given'))).toBe(AUTH_TEXTS.invalidCredentials);
  });

  it('falls back to the login default for anything else', () => {
    expect(loginErrorMessage(cognitoError('NetworkError', 'Failed to fetch'))).toBe(
      'Échec de la connexion. Veuillez vérifier vos identifiants.',
    );
    expect(loginErrorMessage('boom')).toBe(AUTH_TEXTS.loginFailed);
  });
});

describe('registerErrorMessage', () => {
  it('maps an existing account to its message', () => {
    expect(registerErrorMessage(cognitoError('UsernameExistsException'))).toBe(AUTH_TEXTS.emailTaken);
  });

  it('falls back to the register default', () => {
    expect(registerErrorMessage(cognitoError('InvalidParameterException'))).toBe(
      "Échec de l'inscription. Veuillez réessayer.",
    );
  });
});

describe('totpErrorMessage: one mapping of the errors Cognito documents, at sign-in and in the settings', () => {
  it.each([
    // RespondToAuthChallenge, VerifySoftwareToken and SetUserMFAPreference alike.
    ['CodeMismatchException', AUTH_TEXTS.totpInvalid, AUTH_TEXTS.totpInvalid],
    // VerifySoftwareToken's wrong code during set-up.
    ['EnableSoftwareTokenMFAException', AUTH_TEXTS.totpInvalid, AUTH_TEXTS.totpInvalid],
    // The code expired, not the session: the next code can be typed.
    ['ExpiredCodeException', AUTH_TEXTS.totpInvalid, AUTH_TEXTS.totpInvalid],
    // Rate limits: not a generic failure at sign-in either.
    ['TooManyRequestsException', AUTH_TEXTS.tooManyAttempts, AUTH_TEXTS.tooManyAttempts],
    ['LimitExceededException', AUTH_TEXTS.tooManyAttempts, AUTH_TEXTS.tooManyAttempts],
    // The session is spent: the challenge's at sign-in (password again), the access token's in the settings.
    ['NotAuthorizedException', AUTH_TEXTS.totpExpired, API_TEXTS.pleaseReconnect],
    ['UserUnAuthenticatedException', AUTH_TEXTS.totpExpired, API_TEXTS.pleaseReconnect],
    // Anything else: the step's default.
    ['InternalErrorException', AUTH_TEXTS.loginFailed, SETTINGS_TEXTS.totp.failed],
  ])('%s: at sign-in %j, in the settings %j', (name, signIn, settings) => {
    expect(totpErrorMessage(cognitoError(name), 'sign-in')).toBe(signIn);
    expect(totpErrorMessage(cognitoError(name), 'settings')).toBe(settings);
  });
});

describe('passwordChangeErrorMessage', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', SETTINGS_TEXTS.password.wrongCurrent],
    ['InvalidPasswordException', 'Invalid password', SETTINGS_TEXTS.password.wrongCurrent],
    ['InvalidPasswordException', 'Password does not conform to policy', VALIDATION_TEXTS.passwordMin],
    ['TooManyFailedAttemptsException', 'Too many failed attempts', AUTH_TEXTS.tooManyAttempts],
    ['NoSessionException', 'No session', API_TEXTS.pleaseReconnect],
    ['InternalErrorException', 'boom', SETTINGS_TEXTS.password.failed],
  ])('%s (%s)', (name, message, expected) => {
    expect(passwordChangeErrorMessage(cognitoError(name, message))).toBe(expected);
  });
});

describe('emailVerificationErrorMessage', () => {
  it.each([
    ['CodeMismatchException', SETTINGS_TEXTS.emailVerification.invalidCode],
    ['ExpiredCodeException', SETTINGS_TEXTS.emailVerification.invalidCode],
    ['LimitExceededException', AUTH_TEXTS.tooManyAttempts],
    ['UserUnAuthenticatedException', API_TEXTS.pleaseReconnect],
    ['InternalErrorException', SETTINGS_TEXTS.emailVerification.failed],
  ])('%s', (name, expected) => {
    expect(emailVerificationErrorMessage(cognitoError(name))).toBe(expected);
  });
});
