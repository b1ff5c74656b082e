/**
 * Stripe's deliveries as they really come, on the local stack through the stand-in: replayed,
 * forged, out of order, duplicated, retried after a failure, and a renewal by a test clock.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { BILLING_API_TEXTS } from '@vitrine/shared';
import { gsi1Keys, keys, SK_PREFIX } from '../../functions/src/lib/keys';
import type { LedgerRecord } from '../../functions/src/lib/records';
import { startTestStack, type TestStack } from './helpers/stack';
import {
  organizationItem,
  ownerWithOrganization,
  payCheckout,
  prices,
  stripeClient,
  subscribe,
} from './helpers/billing';
import { api } from './helpers/users';
import { tableClient } from './transformations-fixtures';

let stack: TestStack;
let ddb: DynamoDBDocumentClient;
const webhooks = () => stack.stripe.controls.webhooks;

beforeAll(async () => {
  stack = await startTestStack({ seedDemo: false });
  ddb = tableClient(stack);
});
afterAll(async () => {
  ddb?.destroy();
  await stack?.destroy();
});
afterEach(() => webhooks().resume());

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

async function grants(orgId: string): Promise<LedgerRecord[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: stack.env.TABLE_NAME,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
      FilterExpression: 'kind = :grant',
      ExpressionAttributeValues: {
        ':pk': keys.organizationPartition(orgId),
        ':ledger': SK_PREFIX.ledger,
        ':grant': 'grant',
      },
    }),
  );
  return (Items ?? []) as LedgerRecord[];
}

/** The events of `type` Stripe sent about this customer, newest first. */
async function eventsOf(customerId: string, type: string): Promise<Stripe.Event[]> {
  const { data } = await stripeClient(stack).events.list({ type, limit: 100 });
  return data.filter((event) => (event.data.object as { customer?: string }).customer === customerId);
}

async function subscribed(planId: 'mandataire' | 'agence') {
  const owner = await ownerWithOrganization(stack);
  const plans = await prices(stack, owner.token);
  await subscribe(stack, owner, plans[planId].stripePriceId!);
  const organization = await organizationItem(stack, ddb, owner.orgId);
  return { owner, plans, customerId: organization.stripeCustomerId!, subscriptionId: organization.subscription!.id! };
}

function post(body: string, signature?: string) {
  return fetch(`${stack.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
}

describe('signature', () => {
  it('refuses a forged or unsigned event with a 400 and changes nothing', async () => {
    const { owner, customerId } = await subscribed('mandataire');
    await setBalance(owner.orgId, 3);
    const [paid] = await eventsOf(customerId, 'invoice.paid');
    const forged = JSON.stringify({ ...paid, id: 'evt_forged' });
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_not_the_one' });
    for (const response of [await post(forged, wrongSecret), await post(forged)]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: BILLING_API_TEXTS.invalidSignature });
    }
    expect((await organizationItem(stack, ddb, owner.orgId)).creditBalance).toBe(3);
  });
});

describe('replays and duplicates', () => {
  it('changes nothing when events are sent again, together or one by one', async () => {
    const { owner, customerId } = await subscribed('agence');
    await setBalance(owner.orgId, 64);
    const sent = [
      ...(await eventsOf(customerId, 'invoice.paid')),
      ...(await eventsOf(customerId, 'checkout.session.completed')),
      ...(await eventsOf(customerId, 'customer.subscription.created')),
    ];
    expect(sent).toHaveLength(3);
    for (const event of sent) {
      expect(await webhooks().resend(event.id)).toBe(200);
      expect(await webhooks().resend(event.id)).toBe(200);
    }
    const organization = await organizationItem(stack, ddb, owner.orgId);
    expect([organization.subscription?.status, organization.creditBalance]).toEqual(['active', 64]);
    expect(await grants(owner.orgId)).toHaveLength(1);
  });

  it('grants credits once when every event is delivered twice (acknowledgements lost)', async () => {
    const owner = await ownerWithOrganization(stack);
    const { mandataire } = await prices(stack, owner.token);
    webhooks().pause();
    const session = await api<{ url: string }>(stack, '/api/billing/session', {
      method: 'POST',
      token: owner.token,
      body: { priceId: mandataire.stripePriceId, organizationId: owner.orgId },
    });
    await payCheckout(session.body.url);
    const pending = webhooks().pending();
    // Delivered twice each (as after a lost acknowledgement), then the queue resumes.
    await webhooks().flush(pending);
    for (const id of pending) await webhooks().resend(id);
    webhooks().resume();
    await webhooks().idle();
    const organization = await organizationItem(stack, ddb, owner.orgId);
    expect([organization.subscription?.status, organization.creditBalance]).toEqual(['active', 30]);
    expect(await grants(owner.orgId)).toHaveLength(1);
  });
});

describe('order', () => {
  it('ends canceled when the cancellation is delivered before the earlier plan change', async () => {
    const { owner, plans, subscriptionId } = await subscribed('mandataire');
    webhooks().pause();
    const upgrade = await api(stack, '/api/billing/change-plan', {
      method: 'POST',
      token: owner.token,
      body: { newPriceId: plans.agence.stripePriceId },
    });
    expect(upgrade.status).toBe(200);
    await stripeClient(stack).subscriptions.cancel(subscriptionId);
    await webhooks().flush([...webhooks().pending()].reverse());
    webhooks().resume();
    await webhooks().idle();
    const organization = await organizationItem(stack, ddb, owner.orgId);
    expect(organization.subscription).toMatchObject({ id: subscriptionId, status: 'canceled', planId: 'agence' });
  });

  it('ends active with the plan in force when a whole checkout is delivered backwards', async () => {
    const owner = await ownerWithOrganization(stack);
    const { agence } = await prices(stack, owner.token);
    webhooks().pause();
    const session = await api<{ url: string }>(stack, '/api/billing/session', {
      method: 'POST',
      token: owner.token,
      body: { priceId: agence.stripePriceId, organizationId: owner.orgId },
    });
    await payCheckout(session.body.url);
    await webhooks().flush([...webhooks().pending()].reverse());
    webhooks().resume();
    await webhooks().idle();
    const organization = await organizationItem(stack, ddb, owner.orgId);
    expect([organization.subscription?.status, organization.creditBalance]).toEqual(['active', 100]);
  });
});

describe('renewal', () => {
  it('resets the credits once per period when the test clock passes the renewal', async () => {
    const owner = await ownerWithOrganization(stack);
    const stripe = stripeClient(stack);
    // The organization's customer follows a test clock (as ops would set one up to rehearse renewals).
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000) });
    const customer = await stripe.customers.create({ test_clock: clock.id, metadata: { organizationId: owner.orgId } });
    await ddb.send(
      new UpdateCommand({
        TableName: stack.env.TABLE_NAME,
        Key: keys.organization(owner.orgId),
        UpdateExpression: 'SET stripeCustomerId = :customer, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
        ExpressionAttributeValues: {
          ':customer': customer.id,
          ':gsi1pk': gsi1Keys.stripeCustomer(customer.id).gsi1pk,
          ':gsi1sk': gsi1Keys.stripeCustomer(customer.id).gsi1sk,
        },
      }),
    );
    const { mandataire } = await prices(stack, owner.token);
    await subscribe(stack, owner, mandataire.stripePriceId!);
    const first = await organizationItem(stack, ddb, owner.orgId);
    expect([first.subscription?.status, first.creditBalance]).toEqual(['active', 30]);
    await setBalance(owner.orgId, 4);

    const periodEnd = Date.parse(first.subscription!.currentPeriodEnd!) / 1000;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: periodEnd + 3600 });
    await webhooks().idle();
    const renewed = await organizationItem(stack, ddb, owner.orgId);
    expect(renewed.creditBalance).toBe(30);
    expect(Date.parse(renewed.subscription!.currentPeriodEnd!)).toBeGreaterThan(periodEnd * 1000);

    // The renewal's invoice delivered again changes nothing.
    await setBalance(owner.orgId, 29);
    const [cycle] = await eventsOf(customer.id, 'invoice.paid');
    expect(await webhooks().resend(cycle!.id)).toBe(200);
    expect((await organizationItem(stack, ddb, owner.orgId)).creditBalance).toBe(29);
    expect((await grants(owner.orgId)).map((g) => g.reason)).toEqual(['period', 'period']);
  });
});
