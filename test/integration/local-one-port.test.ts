/**
 * Everything the browser needs is on the app's one port (issue 23, decision 109): the buckets'
 * presigned URLs, the local Cognito's API and the Stripe stand-in's hosted pages. With only that
 * port forwarded (container, VM, SSH), sign-in, uploads, images and checkout work.
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RuntimeConfig } from '@vitrine/shared';
import { ownerWithOrganization, payCheckout, prices } from './helpers/billing';
import { startTestStack, type TestStack } from './helpers/stack';
import { api, registerUser } from './helpers/users';
import { orgUser, tableClient, type PresignedUpload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
});

afterAll(async () => {
  ddb.destroy();
  await stack.destroy();
});

const onAppPort = (url: string) => new URL(url).origin === new URL(stack.url).origin;

it("signs in through the app's port, as the browser's config says", async () => {
  const config = (await api<RuntimeConfig>(stack, '/config.json')).body;
  expect(onAppPort(config.userPoolEndpoint!)).toBe(true);
  const user = await registerUser(stack);
  const cognito = new CognitoIdentityProviderClient({ endpoint: config.userPoolEndpoint, region: config.region });
  const answer = await cognito.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  cognito.destroy();
  expect(answer.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
});

it("uploads and reads back a photo through the app's port", async () => {
  const alice = await orgUser(stack, ddb, 1);
  const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('photo')]);
  const presign = await api<PresignedUpload>(stack, '/api/uploads', {
    method: 'POST',
    token: alice.token,
    body: { fileName: 'salon.jpg', contentType: 'image/jpeg', size: photo.length },
  });
  expect(onAppPort(presign.body.url)).toBe(true);
  const form = new FormData();
  for (const [name, value] of Object.entries(presign.body.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'salon.jpg');
  expect((await fetch(presign.body.url, { method: 'POST', body: form })).status).toBe(204);
});

it("shows and pays the hosted Checkout page on the app's port", async () => {
  const owner = await ownerWithOrganization(stack);
  const { agence } = await prices(stack, owner.token);
  const session = await api<{ url: string }>(stack, '/api/billing/session', {
    method: 'POST',
    token: owner.token,
    body: { priceId: agence.stripePriceId, organizationId: owner.orgId },
  });
  expect(session.status).toBe(200);
  expect(onAppPort(session.body.url)).toBe(true);
  const page = await fetch(session.body.url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`action="${new URL(session.body.url).pathname}"`);
  expect(await payCheckout(session.body.url)).toMatch(/^http:\/\/localhost:\d+\//);
});
