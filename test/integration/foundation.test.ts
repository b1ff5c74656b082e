/**
 * Foundation: the local stack end to end with real emulator tokens. Registration, the profile
 * (provisioned on first GET), the authorizer's 401s, the error contract, health, the demo
 * account, and persistence across a restart.
 */
import { DEMO_ACCOUNT, type User, API_TEXTS, VALIDATION_TEXTS } from '@vitrine/shared';
import { isKnownEnvName } from '../../functions/src/lib/env';
import { READINESS_PATH } from '../../infra/local/readiness';
import { startTestStack, type TestStack } from './helpers/stack';
import { api, registerAndSignIn, registerUser, signIn } from './helpers/users';
import { decodePayload, emulatorSigningKey, foreignKeyPem, signJwt } from './helpers/tokens';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack.destroy();
});

function kidOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { kid: string }).kid;
}

describe('registration and profile', () => {
  it('confirms a plain sign-up, then GET /api/users/me creates and returns the profile', async () => {
    const { user, tokens } = await registerAndSignIn(stack);

    const first = await api<User>(stack, '/api/users/me', { token: tokens.accessToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: user.sub,
      email: user.email,
      firstName: 'Alice',
      lastName: 'Durand',
      phoneNumber: '',
      roles: [],
      organizationId: null,
      organization: null,
      subscription: null,
    });

    const again = await api<User>(stack, '/api/users/me', { token: tokens.accessToken });
    expect(again.body.createdAt).toBe(first.body.createdAt);
  });

  it('creates the record once under concurrent first requests', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api<User>(stack, '/api/users/me', { token: tokens.accessToken })),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((result) => result.body.createdAt)).size).toBe(1);
  });

  it('PATCH /api/users/me updates first name, last name and phone', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const patched = await api<User>(stack, '/api/users/me', {
      method: 'PATCH',
      token: tokens.accessToken,
      body: { firstName: 'Bérénice', lastName: 'Lefèvre', phoneNumber: '+33 6 11 22 33 44' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      firstName: 'Bérénice',
      lastName: 'Lefèvre',
      phoneNumber: '+33 6 11 22 33 44',
    });

    const read = await api<User>(stack, '/api/users/me', { token: tokens.accessToken });
    expect(read.body).toMatchObject({ firstName: 'Bérénice', lastName: 'Lefèvre', phoneNumber: '+33 6 11 22 33 44' });
  });
});

describe('authorizer', () => {
  it('answers 401 without a token', async () => {
    const response = await api(stack, '/api/users/me');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: API_TEXTS.unauthorized });
  });

  it('answers 401 for a token signed with another key', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const forged = signJwt(decodePayload(tokens.accessToken), foreignKeyPem(), kidOf(tokens.accessToken));
    const response = await api(stack, '/api/users/me', { token: forged });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: API_TEXTS.pleaseReconnect });
  });

  it('answers 401 for an expired token with a valid signature', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const { pem } = emulatorSigningKey();
    const payload = { ...decodePayload(tokens.accessToken), iat: 1_600_000_000, exp: 1_600_003_600 };
    const expired = signJwt(payload, pem, kidOf(tokens.accessToken));
    // Same key, fresh expiry: accepted, so the 401 above is about expiry alone.
    const fresh = signJwt(
      { ...payload, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 },
      pem,
      kidOf(tokens.accessToken),
    );
    expect((await api(stack, '/api/users/me', { token: fresh })).status).toBe(200);
    const response = await api(stack, '/api/users/me', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: API_TEXTS.pleaseReconnect });
  });

  it('answers 401 for an id token', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const response = await api(stack, '/api/users/me', { token: tokens.idToken });
    expect(response.status).toBe(401);
  });
});

describe('error contract', () => {
  let token: string;
  beforeAll(async () => {
    token = (await registerAndSignIn(stack)).tokens.accessToken;
  });

  it('answers 404 ROUTE_NOT_FOUND for an unknown API route, NOT_FOUND for an id no resource has', async () => {
    const response = await api(stack, '/api/nothing-here', { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'ROUTE_NOT_FOUND', message: API_TEXTS.routeNotFound });
    const overLong = await api(stack, `/api/projects/${'x'.repeat(200)}`, { token });
    expect(overLong).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: API_TEXTS.notFound } });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await api(stack, '/api/users/me', { method: 'PATCH', token, body: '{"firstName": ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'MALFORMED_JSON', message: API_TEXTS.malformedJson });
  });

  it('answers 400 with the French validation message', async () => {
    const response = await api(stack, '/api/users/me', { method: 'PATCH', token, body: { phoneNumber: 'abc' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'VALIDATION', message: VALIDATION_TEXTS.invalidPhone });
  });

  it('answers 413 for a body over the route limit', async () => {
    const response = await api(stack, '/api/users/me', {
      method: 'PATCH',
      token,
      body: { firstName: 'x'.repeat(20 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: API_TEXTS.payloadTooLarge });
  });
});

describe('local services', () => {
  it('GET /api/health answers 200 without a token, from its Lambda alone', async () => {
    const response = await api(stack, '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', stage: 'local', version: expect.any(String) });
  });

  it('is ready when every emulator answers the deep health check (what npm start waits for)', async () => {
    const response = await api(stack, READINESS_PATH);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('gives the handlers only variables some code reads (functions/src/lib/env.ts)', () => {
    expect(Object.keys(stack.env).filter((name) => !isKnownEnvName(name))).toEqual([]);
    expect(stack.env).toMatchObject({ TABLE_NAME: expect.any(String), STATE_MACHINE_ARN: expect.any(String) });
  });

  it('serves the runtime configuration', async () => {
    const response = await api(stack, '/config.json');
    expect(response.body).toEqual({
      apiBase: '/api',
      region: stack.config.region,
      userPoolId: stack.services.userPoolId,
      userPoolClientId: stack.services.userPoolClientId,
      userPoolEndpoint: `${stack.url}/_local/cognito`,
      authFlow: 'USER_PASSWORD_AUTH',
      mode: 'local',
      demoBookingUrl: stack.config.demoBookingUrl,
    });
  });

  it('signs the demo account in, with its organization, credits and plan', async () => {
    const tokens = await signIn(stack, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    const response = await api<User>(stack, '/api/users/me', { token: tokens.accessToken });
    expect(response.status).toBe(200);
    expect(response.body.roles).toEqual(['org_owner']);
    expect(response.body.organization).toMatchObject({ name: 'Agence Démo', creditBalance: 100 });
    expect(response.body.organization?.subscription).toMatchObject({
      status: 'active',
      price: { name: 'Agence', is_organization: true },
    });
  });

  it('writes the French reset e-mail with its link into the outbox', async () => {
    const user = await registerUser(stack);
    const { CognitoIdentityProviderClient, ForgotPasswordCommand } =
      await import('@aws-sdk/client-cognito-identity-provider');
    const client = new CognitoIdentityProviderClient({ endpoint: stack.services.cognito, region: stack.config.region });
    await client.send(new ForgotPasswordCommand({ ClientId: stack.services.userPoolClientId, Username: user.email }));
    client.destroy();
    const mails = (await api<{ to: string; subject: string; html: string }[]>(stack, '/_local/outbox.json')).body;
    const mail = mails.find((candidate) => candidate.to === user.email);
    expect(mail?.subject).toBe('Réinitialisation de votre mot de passe Vitrine');
    expect(mail?.html).toMatch(new RegExp(`${stack.url}/reset-password\\?token=[A-Za-z0-9_-]+\\.\\d+`));
  });
});

describe('AWS SDK modules on the emulators', () => {
  it('presigns S3 GET URLs the emulator accepts', async () => {
    // Imported after the stack set the environment, as a handler would be.
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3 } = await import('../../functions/src/lib/aws/s3-client');
    const { uploadsBucket } = await import('../../functions/src/lib/aws/buckets');
    const { presignGetUrl } = await import('../../functions/src/lib/aws/presign-get');
    const key = `it/${Date.now()}.png`;
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await s3.send(new PutObjectCommand({ Bucket: uploadsBucket(), Key: key, Body: bytes, ContentType: 'image/png' }));
    const getUrl = await presignGetUrl(uploadsBucket(), key);
    expect(getUrl.startsWith(`${stack.services.s3}/${uploadsBucket()}/`)).toBe(true);
    const get = await fetch(getUrl);
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer())).toEqual(bytes);
  });
});
