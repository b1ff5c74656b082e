/**
 * The one wrapper around Amplify Auth (Cognito). Only lazily loaded chunks import it,
 * so public pages never download aws-amplify.
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  fetchMFAPreference,
  resetPassword,
  sendUserAttributeVerificationCode,
  setUpTOTP,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import type { RuntimeConfig } from '@vitrine/shared';
import { loadConfig } from './config';

let configured: Promise<RuntimeConfig> | undefined;

/** Configures Amplify from /config.json once; every function below awaits it. */
export function ensureAuthConfigured(): Promise<RuntimeConfig> {
  configured ??= loadConfig().then((config) => {
    const configure = () =>
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    if (config.userPoolEndpoint) withoutAmplifyWarnings(configure);
    else configure();
    return config;
  });
  return configured;
}

/**
 * Locally the user pool is cognito-local at a custom endpoint, on purpose; Amplify warns about any
 * custom endpoint ('ensure the endpoint is correct') each time it is configured, i.e. on every page
 * that signs in. Amplify's own logger level (not the console) is raised for that one call only, so
 * every later Amplify warning still shows; in AWS there is no custom endpoint and nothing changes.
 */
function withoutAmplifyWarnings(run: () => void): void {
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    run();
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}

/** The current access token (refreshed by Amplify when expired), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  await ensureAuthConfigured();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * What a correct password leads to: signed in, or (two-factor authentication on) the TOTP code
 * step, finished by `confirmSignInWithTotp`.
 */
export type SignInResult = 'signedIn' | 'totpRequired';

function incompleteSignIn(step: string): Error {
  const unexpected = new Error(`Sign-in needs an extra step: ${step}`);
  unexpected.name = 'SignInIncompleteError';
  return unexpected;
}

/** Signs in with the flow the stage asks for (USER_PASSWORD_AUTH locally, SRP in AWS). */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const config = await ensureAuthConfigured();
  const attempt = () => amplifySignIn({ username: email, password, options: { authFlowType: config.authFlow } });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    // A stale session from another account blocks a new sign-in: drop it and retry once.
    if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    result = await attempt();
  }
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totpRequired';
  throw incompleteSignIn(result.nextStep.signInStep);
}

/** Answers the TOTP step of a sign-in started by `signIn` with the authenticator app's code. */
export async function confirmSignInWithTotp(code: string): Promise<void> {
  await ensureAuthConfigured();
  const result = await confirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) throw incompleteSignIn(result.nextStep.signInStep);
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** E.164, e.g. +33612345678; empty when not given (optional when signing up through an invitation). */
  phoneNumber: string;
  /**
   * The invitation's token, when signing up from its link: the pre sign-up trigger checks it and
   * marks the e-mail verified (the token arrived at that address).
   */
  invitationToken?: string;
}

/** Creates the Cognito account; the pool's pre sign-up trigger confirms it at once. */
export async function signUp(input: SignUpInput): Promise<void> {
  await ensureAuthConfigured();
  const userAttributes: Record<string, string> = { email: input.email };
  if (input.phoneNumber) userAttributes.phone_number = input.phoneNumber;
  if (input.firstName) userAttributes.given_name = input.firstName;
  if (input.lastName) userAttributes.family_name = input.lastName;
  const clientMetadata = input.invitationToken ? { invitationToken: input.invitationToken } : undefined;
  await amplifySignUp({ username: input.email, password: input.password, options: { userAttributes, clientMetadata } });
}

/** Changes the signed-in user's password in Cognito (ChangePassword): it never reaches our API. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ensureAuthConfigured();
  await updatePassword({ oldPassword, newPassword });
}

/** E-mails a code that proves the signed-in user owns their address (Cognito sends it). */
export async function sendEmailVerificationCode(): Promise<void> {
  await ensureAuthConfigured();
  await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Marks the e-mail verified in Cognito with the code `sendEmailVerificationCode` sent. */
export async function confirmEmail(code: string): Promise<void> {
  await ensureAuthConfigured();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
}

/** Whether the signed-in user has TOTP two-factor authentication on. */
export async function isTotpEnabled(): Promise<boolean> {
  await ensureAuthConfigured();
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

export interface TotpSetup {
  /** The shared secret, for typing into the app by hand. */
  secret: string;
  /** otpauth:// URI for the QR code. */
  uri: string;
}

/** Starts TOTP enrolment (AssociateSoftwareToken); nothing changes until `enableTotp` verifies a code. */
export async function startTotpSetup(appName: string, accountName: string): Promise<TotpSetup> {
  await ensureAuthConfigured();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(appName, accountName).toString() };
}

/** Verifies a first code from the app, then makes TOTP the preferred (so required) second factor. */
export async function enableTotp(code: string): Promise<void> {
  await ensureAuthConfigured();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export async function disableTotp(): Promise<void> {
  await ensureAuthConfigured();
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** Clears the tokens kept in local storage. Never throws: a failed revoke must not keep a session. */
export async function signOut(): Promise<void> {
  await ensureAuthConfigured();
  try {
    await amplifySignOut();
  } catch {
    // Amplify clears local tokens before revoking; a network failure while revoking changes nothing here.
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  await ensureAuthConfigured();
  await resetPassword({ username: email });
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  await ensureAuthConfigured();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
