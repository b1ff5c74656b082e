/**
 * Subscriptions end to end on the local stack and its Stripe stand-in: onboarding's calls
 * (organization, prices, Checkout Session, payment on the hosted page), the state the webhooks
 * write, plan changes, cancellation, and who may do what.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  BILLING_API_TEXTS,
  DEMO_ACCOUNT,
  type Organization,
  type Subscription,
  VALIDATION_TEXTS,
} from '@vitrine/shared';
import { gsi1Keys, keys } from '../../functions/src/lib/keys';
import { startTestStack, type TestStack } from './helpers/stack';
import {
  organizationItem,
  ownerWithOrganization,
  prices,
  profile,
  stripeClient,
  subscribe,
  type Owner,
} from './helpers/billing';
import { api, registerAndSignIn, signIn } from './helpers/users';
import { tableClient, upload } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;

beforeAll(async () => {
  stack = await startTestStack();
  ddb = tableClient(stack);
});
afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});

async function setBalance(orgId: string, credits: number) {
  await ddb.send(
    new UpdateCommand({
      TableName: stack.env.TABLE_NAME,
      Key: keys.organization(orgId),
      UpdateExpression: 'SET creditBalance = :credits',
      ExpressionAttributeValues: { ':credits': credits },
    }),
  );
}

describe('onboarding to an active subscription', () => {
  it('lists both plans with their Stripe prices, credits and default features', async () => {
    const { tokens } = await registerAndSignIn(stack);
    const plans = await prices(stack, tokens.accessToken);
    expect(plans.mandataire).toMatchObject({
      name: 'Mandataire',
      amount: 2900,
      currency: 'eur',
      interval: 'month',
      credits: 30,
      is_organization: false,
      stripePriceId: expect.stringMatching(/^price_/),
    });
    expect(plans.agence).toMatchObject({ amount: 8900, credits: 100, is_organization: true });
    expect(plans.agence.features).toEqual(expect.arrayContaining(['Jusqu’à 5 utilisateurs', '100 photos par mois']));
  });

  it.each([
    ['mandataire', 30],
    ['agence', 100],
  ] as const)('subscribes to %s and gets %i credits once the payment is confirmed', async (planId, credits) => {
    const owner = await ownerWithOrganization(stack);
    const before = await profile(stack, owner.token);
    expect(before.organization).toMatchObject({ id: owner.orgId, creditBalance: 0, subscription: null });
    expect(before.roles).toEqual(['org_owner']);

    const plans = await prices(stack, owner.token);
    const redirect = await subscribe(stack, owner, plans[planId].stripePriceId!);
    expect(redirect).toMatch(new RegExp(`^${stack.url}/billing/success\\?session_id=cs_`));

    const after = await profile(stack, owner.token);
    expect(after.organization?.creditBalance).toBe(credits);
    expect(after.organization?.subscription).toMatchObject({
      status: 'active',
      currentPeriodEnd: expect.any(String),
      price: { id: planId, stripePriceId: plans[planId].stripePriceId, credits },
    });
    expect(after.subscription).toEqual(after.organization?.subscription);
    const organization = await api<Organization>(stack, `/api/organizations/${owner.orgId}`, { token: owner.token });
    expect(organization.body).toMatchObject({ id: owner.orgId, name: 'Agence du Port', creditBalance: credits });
  });

  it('returns the open Checkout Session again, and one session for concurrent checkouts', async () => {
    const owner = await ownerWithOrganization(stack);
    const { agence } = await prices(stack, owner.token);
    const body = { priceId: agence.stripePriceId, organizationId: owner.orgId };
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api<{ url: string }>(stack, '/api/billing/session', { method: 'POST', token: owner.token, body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    const sessions = await stripeClient(stack).checkout.sessions.list({ limit: 100 });
    const customer = (await organizationItem(stack, ddb, owner.orgId)).stripeCustomerId;
    expect(sessions.data.filter((s) => s.customer === customer && s.status === 'open')).toHaveLength(1);
  });

  it('refuses a second subscription, a price that is not ours and missing fields, in French', async () => {
    const owner = await ownerWithOrganization(stack);
    const { mandataire, agence } = await prices(stack, owner.token);
    await subscribe(stack, owner, mandataire.stripePriceId!);
    const session = (body: object) => api(stack, '/api/billing/session', { method: 'POST', token: owner.token, body });

    expect(await session({ priceId: agence.stripePriceId, organizationId: owner.orgId })).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: BILLING_API_TEXTS.alreadySubscribed },
    });
    expect(await session({ priceId: 'price_not_ours', organizationId: owner.orgId })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', message: BILLING_API_TEXTS.unknownPrice },
    });
    expect(await session({ organizationId: owner.orgId })).toMatchObject({
      status: 400,
      body: { message: 'Informations manquantes (plan, authentification ou organisation).' },
    });
    const again = await api(stack, '/api/organizations', { method: 'POST', token: owner.token, body: { name: 'Bis' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const blank = await api(stack, '/api/organizations', { method: 'POST', token: owner.token, body: { name: '  ' } });
    expect(blank).toMatchObject({ status: 400, body: { message: VALIDATION_TEXTS.agencyNameRequired } });
  });
});

describe('who may manage billing', () => {
  let owner: Owner;
  let member: { token: string };

  beforeAll(async () => {
    owner = await ownerWithOrganization(stack);
    const { user, tokens } = await registerAndSignIn(stack);
    const now = new Date().toISOString();
    await ddb.send(
      new PutCommand({
        TableName: stack.env.TABLE_NAME,
        Item: {
          ...keys.user(user.sub),
          ...gsi1Keys.member(owner.orgId, user.email),
          id: user.sub,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phoneNumber: '',
          roles: ['org_member'],
          organizationId: owner.orgId,
          createdAt: now,
          updatedAt: now,
        },
      }),
    );
    member = { token: tokens.accessToken };
  });

  it('refuses a member of the organization: checkout, portal and plan change', async () => {
    const { agence } = await prices(stack, owner.token);
    const calls = [
      ['/api/billing/session', { priceId: agence.stripePriceId, organizationId: owner.orgId }],
      ['/api/billing/portal', {}],
      ['/api/billing/change-plan', { newPriceId: agence.stripePriceId }],
    ] as const;
    for (const [path, body] of calls) {
      expect(await api(stack, path, { method: 'POST', token: member.token, body })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: BILLING_API_TEXTS.ownerOnly },
      });
    }
  });

  it('hides another organization: its id answers 404 to an owner of another one', async () => {
    const other = await ownerWithOrganization(stack, 'Autre Agence');
    const { agence } = await prices(stack, other.token);
    const session = await api(stack, '/api/billing/session', {
      method: 'POST',
      token: other.token,
      body: { priceId: agence.stripePriceId, organizationId: owner.orgId },
    });
    expect(session).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await api(stack, `/api/organizations/${owner.orgId}`, { token: other.token })).toMatchObject({
      status: 404,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await api(stack, '/api/billing/prices')).status).toBe(401);
    expect((await api(stack, '/api/organizations', { method: 'POST', body: { name: 'x' } })).status).toBe(401);
  });
});

describe('plan changes and cancellation', () => {
  it('adds the difference at once on an upgrade and keeps the credits on a downgrade until the next period', async () => {
    const owner = await ownerWithOrganization(stack);
    const { mandataire, agence } = await prices(stack, owner.token);
    await subscribe(stack, owner, mandataire.stripePriceId!);
    await setBalance(owner.orgId, 22);

    const upgrade = await api<{ subscription: Subscription }>(stack, '/api/billing/change-plan', {
      method: 'POST',
      token: owner.token,
      body: { newPriceId: agence.stripePriceId },
    });
    expect(upgrade).toMatchObject({
      status: 200,
      body: { subscription: { status: 'active', price: { id: 'agence' } } },
    });
    await stack.stripe.controls.webhooks.idle();
    let me = await profile(stack, owner.token);
    expect([me.organization?.subscription?.price?.id, me.organization?.creditBalance]).toEqual(['agence', 92]);

    const downgrade = await api(stack, '/api/billing/change-plan', {
      method: 'POST',
      token: owner.token,
      body: { newPriceId: mandataire.stripePriceId },
    });
    expect(downgrade.status).toBe(200);
    await stack.stripe.controls.webhooks.idle();
    me = await profile(stack, owner.token);
    expect([me.organization?.subscription?.price?.id, me.organization?.creditBalance]).toEqual(['mandataire', 92]);

    const { subscription } = await organizationItem(stack, ddb, owner.orgId);
    stack.stripe.controls.advancePeriod(subscription!.id!);
    await stack.stripe.controls.webhooks.idle();
    me = await profile(stack, owner.token);
    expect(me.organization?.creditBalance).toBe(30);
    expect(me.organization?.subscription?.currentPeriodEnd).not.toBe(subscription!.currentPeriodEnd);
  });

  it('takes away the right to transform when the subscription is canceled (portal)', async () => {
    const owner = await ownerWithOrganization(stack);
    const { agence } = await prices(stack, owner.token);
    await subscribe(stack, owner, agence.stripePriceId!);
    const portal = await api<{ url: string }>(stack, '/api/billing/portal', {
      method: 'POST',
      token: owner.token,
      body: {},
    });
    // The hosted portal, on the app's own port (decision 109).
    expect(portal).toMatchObject({ status: 200, body: { url: expect.stringContaining(`${stack.url}/p/session/`) } });

    const { subscription } = await organizationItem(stack, ddb, owner.orgId);
    await stripeClient(stack).subscriptions.cancel(subscription!.id!);
    await stack.stripe.controls.webhooks.idle();
    const me = await profile(stack, owner.token);
    expect(me.organization?.subscription?.status).toBe('canceled');
    expect(me.organization?.creditBalance).toBe(100);

    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('salon')]);
    const uploadId = await upload(stack, owner.token, photo, 'image/jpeg', 'salon.jpg');
    const start = await api(stack, '/api/image-processing/enhance', {
      method: 'POST',
      token: owner.token,
      body: { uploadId },
    });
    expect(start).toMatchObject({
      status: 402,
      body: { code: 'SUBSCRIPTION_REQUIRED', message: BILLING_API_TEXTS.subscriptionRequired },
    });
    // A new subscription after the cancellation is allowed.
    const again = await api(stack, '/api/billing/session', {
      method: 'POST',
      token: owner.token,
      body: { priceId: agence.stripePriceId, organizationId: owner.orgId },
    });
    expect(again.status).toBe(200);
  });
});

describe('the demo account', () => {
  it('holds a real Agence subscription in the local Stripe: portal and plan change work', async () => {
    const { accessToken: token } = await signIn(stack, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await stack.stripe.controls.webhooks.idle();
    const me = await profile(stack, token);
    expect(me.organization).toMatchObject({
      name: 'Agence Démo',
      creditBalance: 100,
      stripeCustomerId: expect.stringMatching(/^cus_/),
      subscription: { status: 'active', price: { id: 'agence', stripePriceId: expect.stringMatching(/^price_/) } },
    });
    const portal = await api<{ url: string }>(stack, '/api/billing/portal', { method: 'POST', token, body: {} });
    expect(portal.status).toBe(200);

    const { mandataire } = await prices(stack, token);
    const change = await api(stack, '/api/billing/change-plan', {
      method: 'POST',
      token,
      body: { newPriceId: mandataire.stripePriceId },
    });
    expect(change).toMatchObject({ status: 200, body: { subscription: { price: { id: 'mandataire' } } } });
    await stack.stripe.controls.webhooks.idle();
    expect((await profile(stack, token)).organization).toMatchObject({
      creditBalance: 100,
      subscription: { price: { id: 'mandataire' } },
    });
  });
});
