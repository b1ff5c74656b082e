/**
 * What the web's Sécurité tab and e-mail banner do with Cognito directly (Amplify: updatePassword,
 * sendUserAttributeVerificationCode, confirmUserAttribute, setUpTOTP, verifyTOTPSetup,
 * updateMFAPreference, a TOTP sign-in), checked against the local Cognito emulator through the
 * same API calls: the operations cognito-local 5.3 supports, and where its answers differ from
 * Cognito's (architecture decision 8: what is verified where).
 */
import { createHmac, createPrivateKey, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  DeleteUserCommand,
  UpdateUserAttributesCommand,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { type User, API_TEXTS } from '@vitrine/shared';
import { LIVE_SESSION_CACHE_MS } from '../../functions/src/lib/live-session';
import { stripeClient } from './helpers/billing';
import { startTestStack, type TestStack } from './helpers/stack';
import { latestMail, outbox, person } from './helpers/team';
import { api, cognitoClient, registerUser, signIn } from './helpers/users';

let stack: TestStack;
let cognito: CognitoIdentityProviderClient;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  cognito = cognitoClient(stack);
});
afterAll(async () => {
  cognito?.destroy();
  await stack?.destroy();
});

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as authenticator apps compute it, from a base32 secret. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

it('changes the password with the current one (ChangePassword); the new one signs in, the old one no more', async () => {
  const someone = await person(stack);
  await cognito.send(
    new ChangePasswordCommand({
      AccessToken: someone.token,
      PreviousPassword: someone.password,
      ProposedPassword: 'Nouveau-mot2passe',
    }),
  );
  await expect(signIn(stack, someone.email, 'Nouveau-mot2passe')).resolves.toMatchObject({
    accessToken: expect.any(String),
  });
  await expect(signIn(stack, someone.email, someone.password)).rejects.toThrow();
  // A wrong current password: NotAuthorizedException, as Cognito answers (cognito-local's InvalidPasswordException is mapped).
  await expect(
    cognito.send(
      new ChangePasswordCommand({
        AccessToken: someone.token,
        PreviousPassword: 'faux',
        ProposedPassword: 'Encore-un-autre1',
      }),
    ),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
});

it("locks a user out after five wrong passwords, as Cognito does: 'Password attempts exceeded' even with the right one, then lets them in", async () => {
  const someone = await registerUser(stack);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(signIn(stack, someone.email, 'Mauvais-mot2passe')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  }
  // Locked for 2^(5-5) = 1 s; the e-mail's case does not make it another user.
  await expect(signIn(stack, someone.email.toUpperCase(), someone.password)).rejects.toMatchObject({
    name: 'NotAuthorizedException',
    message: 'Password attempts exceeded',
  });
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await expect(signIn(stack, someone.email, someone.password)).resolves.toMatchObject({
    accessToken: expect.any(String),
  });
});

it('refuses reset codes after five wrong ones with LimitExceededException', async () => {
  const someone = await registerUser(stack);
  const ClientId = stack.services.userPoolClientId;
  await cognito.send(new ForgotPasswordCommand({ ClientId, Username: someone.email }));
  const confirm = () =>
    cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId,
        Username: someone.email,
        ConfirmationCode: '000000',
        Password: 'Nouveau-mot2passe',
      }),
    );
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await expect(confirm()).rejects.toMatchObject({ name: 'CodeMismatchException' });
  }
  await expect(confirm()).rejects.toMatchObject({ name: 'LimitExceededException' });
});

it('verifies the e-mail with the code Cognito sends (VerifyUserAttribute); a wrong code is refused', async () => {
  const someone = await person(stack);
  // The first profile read has the code sent (GetUserAttributeVerificationCode with the person's token).
  expect((await api<User>(stack, '/api/users/me', { token: someone.token })).body.emailVerified).toBe(false);
  const mail = await latestMail(stack, someone.email, /^Confirmez/);
  const code = /<strong>(\d{6})<\/strong>/.exec(mail.html)![1]!;
  await expect(
    cognito.send(
      new VerifyUserAttributeCommand({ AccessToken: someone.token, AttributeName: 'email', Code: '000000' }),
    ),
  ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  await cognito.send(
    new VerifyUserAttributeCommand({ AccessToken: someone.token, AttributeName: 'email', Code: code }),
  );
  const { UserAttributes } = await cognito.send(new GetUserCommand({ AccessToken: someone.token }));
  expect(UserAttributes).toContainEqual({ Name: 'email_verified', Value: 'true' });
  expect((await api<User>(stack, '/api/users/me', { token: someone.token })).body.emailVerified).toBe(true);
});

it('sets up TOTP (AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference), then asks for a code at sign-in', async () => {
  const someone = await person(stack);
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: someone.token }));
  expect(SecretCode).toMatch(/^[A-Z2-7]+=*$/);
  await expect(
    cognito.send(new VerifySoftwareTokenCommand({ AccessToken: someone.token, UserCode: '000000' })),
  ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  const verified = await cognito.send(
    new VerifySoftwareTokenCommand({
      AccessToken: someone.token,
      UserCode: totp(SecretCode!),
      FriendlyDeviceName: 'Téléphone',
    }),
  );
  expect(verified.Status).toBe('SUCCESS');
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: someone.token,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  const user = await cognito.send(new GetUserCommand({ AccessToken: someone.token }));
  expect(user).toMatchObject({ PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });

  const challenge = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.services.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: someone.email, PASSWORD: someone.password },
    }),
  );
  expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  expect(challenge.AuthenticationResult).toBeUndefined();
  const answered = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.services.userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: someone.email, SOFTWARE_TOKEN_MFA_CODE: totp(SecretCode!) },
    }),
  );
  expect(answered.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
  expect((await api(stack, '/api/users/me', { token: answered.AuthenticationResult!.AccessToken })).status).toBe(200);

  // Turning it off: sign-in goes back to the password alone.
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken: someone.token, SoftwareTokenMfaSettings: { Enabled: false } }),
  );
  await expect(signIn(stack, someone.email, someone.password)).resolves.toMatchObject({
    accessToken: expect.any(String),
  });
});

it('refuses a deleted account’s still-unexpired token: 401 “Veuillez vous reconnecter.” and no write', async () => {
  const someone = await person(stack);
  const created = await api<{ id: string }>(stack, '/api/organizations', {
    method: 'POST',
    token: someone.token,
    body: { name: 'Agence supprimée' },
  });
  expect(created.status).toBe(201);
  expect((await api(stack, '/api/projects', { token: someone.token })).status).toBe(200);

  await cognito.send(new DeleteUserCommand({ AccessToken: someone.token }));
  const refused = { status: 401, body: { code: 'UNAUTHORIZED', message: API_TEXTS.pleaseReconnect } };
  // Writes are refused at once; reads may rely on Cognito's last 'live' for LIVE_SESSION_CACHE_MS (decision 126).
  expect(
    await api(stack, '/api/users/me', { method: 'PATCH', token: someone.token, body: { firstName: 'Fantôme' } }),
  ).toMatchObject(refused);
  expect(
    await api(stack, '/api/projects', { method: 'POST', token: someone.token, body: { name: 'Fantôme' } }),
  ).toMatchObject(refused);
  expect(
    await api(stack, '/api/organizations', { method: 'POST', token: someone.token, body: { name: 'Encore' } }),
  ).toMatchObject(refused);
  await new Promise((resolve) => setTimeout(resolve, LIVE_SESSION_CACHE_MS + 100));
  expect(await api(stack, '/api/users/me', { token: someone.token })).toMatchObject(refused);
  expect(await api(stack, '/api/projects', { token: someone.token })).toMatchObject(refused);
  // Nothing was written with it: no Stripe customer for a second organization.
  const customers = await stripeClient(stack).customers.list({ limit: 100 });
  expect(customers.data.map((customer) => customer.name)).toContain('Agence supprimée');
  expect(customers.data.map((customer) => customer.name)).not.toContain('Encore');
}, 30_000);

it('sends one verification code when a new account’s first ten profile reads arrive at once', async () => {
  const someone = await person(stack);
  const reads = await Promise.all(
    Array.from({ length: 10 }, () => api<User>(stack, '/api/users/me', { token: someone.token })),
  );
  expect(reads.map((read) => read.status)).toEqual(Array.from({ length: 10 }, () => 200));
  await latestMail(stack, someone.email, /^Confirmez/);
  // Time for any late duplicate to land in the outbox.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const codes = (await outbox(stack)).filter((mail) => mail.to === someone.email && /^Confirmez/.test(mail.subject));
  expect(codes).toHaveLength(1);
});

describe('the local Cognito checks what Cognito checks (decision 082)', () => {
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  /** A token signed with cognito-local's own key (published in its package), with the claims given. */
  function signedToken(claims: Record<string, unknown>): string {
    const { pem } = createRequire(require.resolve('cognito-local'))(
      'cognito-local/lib/keys/cognitoLocal.private.json',
    ) as {
      pem: string;
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(claims)}`;
    return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), createPrivateKey(pem)).toString('base64url')}`;
  }

  it('refuses a token whose signature does not hold, and an expired one', async () => {
    const someone = await person(stack);
    const [header, payload] = someone.token.split('.');
    const forged = `${header}.${payload}.${Buffer.alloc(256).toString('base64url')}`;
    await expect(cognito.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const expired = signedToken({ ...claimsOf(someone.token), exp: Math.floor(Date.now() / 1000) - 60 });
    await expect(cognito.send(new GetUserCommand({ AccessToken: expired }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has expired',
    });
    await expect(cognito.send(new GetUserCommand({ AccessToken: someone.token }))).resolves.toBeDefined();
  });

  it('issues access tokens for an hour, as the CDK app client does', async () => {
    const someone = await person(stack);
    const claims = claimsOf(someone.token) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('never lets the user write email_verified with their own token', async () => {
    const someone = await person(stack);
    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken: someone.token,
          UserAttributes: [
            { Name: 'email', Value: someone.email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const { UserAttributes } = await cognito.send(new GetUserCommand({ AccessToken: someone.token }));
    expect(UserAttributes?.find((attribute) => attribute.Name === 'email_verified')?.Value).not.toBe('true');
  });

  it('treats e-mail addresses case-insensitively: no second account, sign-in in any case', async () => {
    const someone = await person(stack);
    await expect(registerUser(stack, { email: someone.email.toUpperCase() })).rejects.toMatchObject({
      name: 'UsernameExistsException',
    });
    await expect(signIn(stack, someone.email.toUpperCase(), someone.password)).resolves.toMatchObject({
      accessToken: expect.any(String),
    });
  });
});
