/**
 * The one wrapper around Amplify Auth (Cognito). Only lazily loaded chunks import it,
 * so public pages never download aws-amplify.
 */
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import {
  confirmResetPassword,
  fetchAuthSession,
  resetPassword,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
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

/** Signs in with the flow the stage asks for (USER_PASSWORD_AUTH locally, SRP in AWS). */
export async function signIn(email: string, password: string): Promise<void> {
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
  if (!result.isSignedIn) {
    const unexpected = new Error(`Sign-in needs an extra step: ${result.nextStep.signInStep}`);
    unexpected.name = 'SignInIncompleteError';
    throw unexpected;
  }
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** E.164, e.g. +33612345678. */
  phoneNumber: string;
}

/** Creates the Cognito account; the pool's pre sign-up trigger confirms it at once. */
export async function signUp(input: SignUpInput): Promise<void> {
  await ensureAuthConfigured();
  const userAttributes: Record<string, string> = { email: input.email, phone_number: input.phoneNumber };
  if (input.firstName) userAttributes.given_name = input.firstName;
  if (input.lastName) userAttributes.family_name = input.lastName;
  await amplifySignUp({ username: input.email, password: input.password, options: { userAttributes } });
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
