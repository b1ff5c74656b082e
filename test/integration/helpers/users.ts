/** Users and tokens from the Cognito emulator through the real SDK, and a small API client. */
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LocalStack } from '../../../infra/local/stack';

export interface TestUser {
  email: string;
  password: string;
  sub: string;
  firstName: string;
  lastName: string;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

export function cognitoClient(stack: LocalStack): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: stack.services.cognito, region: stack.config.region });
}

/** A plain SignUp, as the browser does it; the Pre sign-up trigger confirms the account. */
export async function registerUser(
  stack: LocalStack,
  overrides: Partial<Omit<TestUser, 'sub'>> = {},
): Promise<TestUser> {
  const user = {
    email: overrides.email ?? `agent-${randomUUID()}@example.com`,
    password: overrides.password ?? 'Motdepasse1!',
    firstName: overrides.firstName ?? 'Alice',
    lastName: overrides.lastName ?? 'Durand',
  };
  const client = cognitoClient(stack);
  try {
    const result = await client.send(
      new SignUpCommand({
        ClientId: stack.services.userPoolClientId,
        Username: user.email,
        Password: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
    if (!result.UserConfirmed || !result.UserSub) throw new Error('Sign-up did not confirm the user');
    return { ...user, sub: result.UserSub };
  } finally {
    client.destroy();
  }
}

export async function signIn(stack: LocalStack, email: string, password: string): Promise<Tokens> {
  const client = cognitoClient(stack);
  try {
    const { AuthenticationResult } = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.services.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const { AccessToken, IdToken, RefreshToken } = AuthenticationResult ?? {};
    if (!AccessToken || !IdToken || !RefreshToken) throw new Error('Sign-in returned no tokens');
    return { accessToken: AccessToken, idToken: IdToken, refreshToken: RefreshToken };
  } finally {
    client.destroy();
  }
}

export async function registerAndSignIn(stack: LocalStack): Promise<{ user: TestUser; tokens: Tokens }> {
  const user = await registerUser(stack);
  return { user, tokens: await signIn(stack, user.email, user.password) };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the stack's API; `body` as a string is sent verbatim (malformed JSON tests). */
export async function api<T = Record<string, unknown>>(
  stack: LocalStack,
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, {
    method: options.method ?? 'GET',
    headers,
    // A redirect is the answer under test (the QR code's public original), never followed here.
    redirect: 'manual',
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}
