import { AUTH_TEXTS } from '@vitrine/shared';
import { loginErrorMessage, registerErrorMessage } from '../auth-errors';

const cognitoError = (name: string, message = 'from Cognito') => Object.assign(new Error(message), { name });

describe('loginErrorMessage', () => {
  it.each(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'])(
    'maps %s to the invalid credentials message',
    (name) => {
      expect(loginErrorMessage(cognitoError(name))).toBe('Identifiants invalides. Veuillez réessayer.');
    },
  );

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
