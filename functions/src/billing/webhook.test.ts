import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { refundCredit, reserveCredit } from '../credits/credits';
import { captureLogs } from '../lib/logger';
import type { OrganizationRecord } from '../lib/records';
import { writeSubscription } from '../organizations/organization-record';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { createCatalog } from './catalog';
import type { BillingDeps } from './subscription-sync';
import { FakeStripe, PRICE_IDS } from '../testing/fake-stripe';
import { processStripeEvent } from './webhook';
import { createEndpoint, listRecentDeliveries } from '../webhooks/webhook-store';

let table: LocalTable;
beforeAll(async () => {
  table = await startLocalTable();
});
afterAll(() => table.close());

let stripe: FakeStripe;
let deps: BillingDeps;
beforeEach(() => {
  stripe = new FakeStripe();
  deps = { ddb: table.ddb, tableName: table.tableName, stripe, catalog: createCatalog(stripe) };
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

let orgCounter = 0;
async function newOrganization(): Promise<{ orgId: string; customerId: string }> {
  const orgId = `org-${++orgCounter}`;
  const customerId = await stripe.createCustomer({ organizationId: orgId, name: 'Agence' }, orgId);
  await table.ddb.send(
    new PutCommand({
      TableName: table.tableName,
      Item: {
        pk: `ORG#${orgId}`,
        sk: 'ORG',
        gsi1pk: `STRIPE#${customerId}`,
        gsi1sk: 'ORG',
        id: orgId,
        name: 'Agence',
        stripeCustomerId: customerId,
        creditBalance: 0,
        subscription: null,
        reservations: {},
      },
    }),
  );
  return { orgId, customerId };
}

async function organization(orgId: string): Promise<OrganizationRecord> {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: { pk: `ORG#${orgId}`, sk: 'ORG' }, ConsistentRead: true }),
  );
  return Item as OrganizationRecord;
}

async function grants(orgId: string) {
  const { Items } = await table.ddb.send(
    new QueryCommand({
      TableName: table.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ledger)',
      FilterExpression: 'kind = :grant',
      ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':ledger': 'LEDGER#', ':grant': 'grant' },
    }),
  );
  return (Items ?? []) as { sk: string; delta?: number; balanceAfter: number; reason: string; planId: string }[];
}

/** Checkout to a paid first invoice, events in Stripe's usual order. */
async function subscribe(customerId: string, priceId: string) {
  const session = await stripe.createCheckoutSession({
    customerId,
    priceId,
    organizationId: 'unused',
    successUrl: 's',
    cancelUrl: 'c',
    idempotencyKey: `${customerId}-${priceId}-${Math.random()}`,
  });
  const subscription = stripe.completeCheckout(session.id);
  const invoice = stripe.paidInvoiceEvent(subscription);
  const events = [
    stripe.checkoutCompletedEvent(session.id, subscription.id),
    stripe.subscriptionEvent('created', subscription),
    invoice.event,
  ];
  return { subscription, invoice, events, sessionId: session.id };
}

async function deliver(...events: Parameters<typeof processStripeEvent>[1][]) {
  const outcomes = [];
  for (const event of events) outcomes.push(await processStripeEvent(deps, event));
  return outcomes;
}

describe('a first subscription', () => {
  it.each([
    ['mandataire', PRICE_IDS.mandataire, 30],
    ['agence', PRICE_IDS.agence, 100],
  ])('makes the organization active on the %s plan (%s) with %i credits', async (planId, priceId, credits) => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events, invoice } = await subscribe(customerId, priceId);
    expect(await deliver(...events)).toEqual(['processed', 'processed', 'processed']);

    const org = await organization(orgId);
    expect(org.subscription).toMatchObject({
      id: subscription.id,
      status: 'active',
      planId,
      priceId,
      currentPeriodEnd: new Date(subscription.currentPeriodEnd! * 1000).toISOString(),
    });
    expect(org.creditBalance).toBe(credits);
    expect(await grants(orgId)).toEqual([
      expect.objectContaining({ sk: `LEDGER#${invoice.invoiceId}#grant`, delta: credits, balanceAfter: credits }),
    ]);
  });

  it('grants nothing before the invoice is paid: a completed checkout alone does not', async () => {
    const { orgId, customerId } = await newOrganization();
    const { events } = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(events[0]!);
    expect((await organization(orgId)).creditBalance).toBe(0);
  });
});

describe('replays, duplicates and order', () => {
  it('changes nothing when an event is replayed', async () => {
    const { orgId, customerId } = await newOrganization();
    const { events } = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(...events);
    await reserveCredit(deps, orgId, 'tx-1');
    expect(await deliver(...events)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect((await organization(orgId)).creditBalance).toBe(99);
    expect(await grants(orgId)).toHaveLength(1);
  });

  it('grants an invoice once when Stripe sends it under two event ids', async () => {
    const { orgId, customerId } = await newOrganization();
    const { events, invoice } = await subscribe(customerId, PRICE_IDS.mandataire);
    await deliver(...events);
    await reserveCredit(deps, orgId, 'tx-1');
    const again = { ...invoice.event, id: 'evt_other_delivery' };
    expect(await deliver(again)).toEqual(['processed']);
    expect((await organization(orgId)).creditBalance).toBe(29);
    expect(await grants(orgId)).toHaveLength(1);
  });

  it('ends canceled whatever the order of the last events', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(...events);
    const updated = stripe.subscriptionEvent('updated', subscription);
    stripe.setStatus(subscription.id, 'canceled');
    const deleted = stripe.subscriptionEvent('deleted', { ...subscription, status: 'canceled' });
    // The deletion arrives before the older update: the update's payload says active, Stripe says canceled.
    await deliver(deleted, updated);
    expect((await organization(orgId)).subscription?.status).toBe('canceled');
  });

  it('grants the plan in force when an upgrade arrives before the first invoice', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.mandataire);
    const upgraded = await stripe.changeSubscriptionPrice(subscription, PRICE_IDS.agence);
    await deliver(stripe.subscriptionEvent('updated', upgraded), ...events.reverse());
    const org = await organization(orgId);
    expect(org.subscription).toMatchObject({ planId: 'agence', status: 'active' });
    expect(org.creditBalance).toBe(100);
  });

  it('never lets an older read of Stripe overwrite a newer one', async () => {
    const { orgId } = await newOrganization();
    const base = { status: 'active', planId: 'agence' as const, currentPeriodEnd: null };
    expect(await writeSubscription(deps, orgId, { ...base, syncedAt: '2030-01-01T00:00:02.000Z' })).toBeDefined();
    const older = { ...base, status: 'canceled', syncedAt: '2030-01-01T00:00:01.000Z' };
    expect(await writeSubscription(deps, orgId, older)).toBeUndefined();
    expect((await organization(orgId)).subscription?.status).toBe('active');
  });

  it('ends in the right state, with credits once, when a delivery fails midway and is retried', async () => {
    const { orgId, customerId } = await newOrganization();
    const { events } = await subscribe(customerId, PRICE_IDS.agence);
    const invoicePaid = events[2]!;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stripe.failNext.add('listPrices');
    await expect(deliver(invoicePaid)).rejects.toThrow('Stripe is unreachable');
    expect(await deliver(invoicePaid)).toEqual(['processed']);
    expect(await deliver(invoicePaid)).toEqual(['duplicate']);
    const org = await organization(orgId);
    expect([org.subscription?.status, org.creditBalance]).toEqual(['active', 100]);
    expect(await grants(orgId)).toHaveLength(1);
  });

  it('acknowledges events of a customer that is not one of ours, and logs it', async () => {
    const logs = captureLogs();
    const subscription = stripe.startSubscription('cus_elsewhere', PRICE_IDS.agence);
    try {
      expect(await deliver(stripe.paidInvoiceEvent(subscription).event)).toEqual(['processed']);
      expect(await deliver(stripe.event('customer.created', { id: 'cus_x' }))).toEqual(['ignored']);
    } finally {
      logs.restore();
    }
    expect(logs.lines).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'Stripe customer without organization',
        customerId: 'cus_elsewhere',
      }),
    );
  });
});

describe('renewal', () => {
  it('resets the balance to the plan once per period: unused credits do not roll over', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events, invoice: first } = await subscribe(customerId, PRICE_IDS.mandataire);
    await deliver(...events);
    for (const tx of ['tx-1', 'tx-2']) await reserveCredit(deps, orgId, tx);

    const renewed = stripe.renew(subscription.id);
    const cycle = stripe.paidInvoiceEvent(renewed, 'subscription_cycle');
    await deliver(stripe.subscriptionEvent('updated', renewed), cycle.event, { ...cycle.event, id: 'evt_dup' });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(30);
    expect(org.subscription?.currentPeriodEnd).toBe(new Date(renewed.currentPeriodEnd! * 1000).toISOString());

    // The first period's invoice delivered again late (new event id) cannot reset the new period.
    await reserveCredit(deps, orgId, 'tx-3');
    await deliver({ ...first.event, id: 'evt_late' });
    expect((await organization(orgId)).creditBalance).toBe(29);
    expect((await grants(orgId)).map((g) => [g.reason, g.balanceAfter])).toEqual(
      expect.arrayContaining([
        ['period', 30],
        ['period', 30],
      ]),
    );
  });

  it('does not refund above the plan a reservation taken before the renewal', async () => {
    let now = new Date('2030-01-01T00:00:00.000Z');
    deps.now = () => now;
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.mandataire);
    await deliver(...events);
    await reserveCredit(deps, orgId, 'in-flight');
    now = new Date('2030-01-31T00:00:00.000Z');
    await deliver(stripe.paidInvoiceEvent(stripe.renew(subscription.id), 'subscription_cycle').event);
    now = new Date('2030-01-31T00:00:05.000Z');
    await reserveCredit(deps, orgId, 'after-renewal');

    await expect(refundCredit(deps, orgId, 'in-flight')).resolves.toEqual({ refunded: false });
    await expect(refundCredit(deps, orgId, 'after-renewal')).resolves.toMatchObject({ refunded: true });
    const org = await organization(orgId);
    expect(org.creditBalance).toBe(30);
    expect(org.reservations).toEqual({});
  });

  it('takes away the right to transform when a renewal fails or the subscription ends', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(...events);
    stripe.setStatus(subscription.id, 'past_due');
    await deliver(stripe.paidInvoiceEvent(subscription, 'subscription_cycle', 'invoice.payment_failed').event);
    expect((await organization(orgId)).subscription?.status).toBe('past_due');
    stripe.setStatus(subscription.id, 'unpaid');
    await deliver(stripe.subscriptionEvent('updated', subscription));
    expect((await organization(orgId)).subscription?.status).toBe('unpaid');
  });
});

describe('cancellation at period end (decision 095)', () => {
  it('records when a subscription set to end in the portal ends, and forgets it when it is renewed', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(...events);
    expect((await organization(orgId)).subscription?.cancelAt).toBeNull();
    stripe.subscriptions.get(subscription.id)!.cancelAt = subscription.currentPeriodEnd;
    await deliver(stripe.subscriptionEvent('updated', subscription));
    expect((await organization(orgId)).subscription).toMatchObject({
      status: 'active',
      cancelAt: new Date(subscription.currentPeriodEnd! * 1000).toISOString(),
    });
    stripe.subscriptions.get(subscription.id)!.cancelAt = null;
    await deliver(stripe.subscriptionEvent('updated', subscription));
    expect((await organization(orgId)).subscription?.cancelAt).toBeNull();
  });
});

describe('plan changes', () => {
  it('adds the difference at once on an upgrade, once, and keeps the credits on a downgrade', async () => {
    const { orgId, customerId } = await newOrganization();
    const { subscription, events } = await subscribe(customerId, PRICE_IDS.mandataire);
    await deliver(...events);
    for (const tx of ['tx-1', 'tx-2', 'tx-3']) await reserveCredit(deps, orgId, tx);

    const upgraded = await stripe.changeSubscriptionPrice(subscription, PRICE_IDS.agence);
    const upgradeEvent = stripe.subscriptionEvent('updated', upgraded);
    // The proration invoice of the upgrade is paid too: it is not a period invoice.
    const proration = stripe.paidInvoiceEvent(upgraded, 'subscription_update');
    await deliver(upgradeEvent, proration.event, { ...upgradeEvent, id: 'evt_again' });
    expect((await organization(orgId)).creditBalance).toBe(27 + 70);

    const downgraded = await stripe.changeSubscriptionPrice(upgraded, PRICE_IDS.mandataire);
    await deliver(stripe.subscriptionEvent('updated', downgraded));
    let org = await organization(orgId);
    expect([org.subscription?.planId, org.creditBalance]).toEqual(['mandataire', 97]);

    // Upgrading again within the same period gives nothing more: the period already had Agence credits.
    const again = await stripe.changeSubscriptionPrice(downgraded, PRICE_IDS.agence);
    await deliver(stripe.subscriptionEvent('updated', again));
    expect((await organization(orgId)).creditBalance).toBe(97);

    const lower = await stripe.changeSubscriptionPrice(again, PRICE_IDS.mandataire);
    await deliver(stripe.subscriptionEvent('updated', lower));
    await deliver(stripe.paidInvoiceEvent(stripe.renew(subscription.id), 'subscription_cycle').event);
    org = await organization(orgId);
    expect([org.subscription?.planId, org.creditBalance]).toEqual(['mandataire', 30]);
    expect((await grants(orgId)).filter((g) => g.reason === 'upgrade')).toEqual([
      expect.objectContaining({ delta: 70, planId: 'agence' }),
    ]);
  });

  it('follows a new subscription after a cancellation, even when the old one reports late', async () => {
    const { orgId, customerId } = await newOrganization();
    const first = await subscribe(customerId, PRICE_IDS.agence);
    await deliver(...first.events);
    const canceled = stripe.setStatus(first.subscription.id, 'canceled');
    const second = await subscribe(customerId, PRICE_IDS.mandataire);
    await deliver(...second.events, stripe.subscriptionEvent('deleted', canceled));
    const org = await organization(orgId);
    expect(org.subscription).toMatchObject({ id: second.subscription.id, status: 'active', planId: 'mandataire' });
    expect(org.creditBalance).toBe(30);
  });
});

describe('subscription.changed webhooks (decision 114)', () => {
  it('tells the endpoints once per new subscription state, however many Stripe events carry it', async () => {
    const queued: string[] = [];
    deps = {
      ...deps,
      sendToQueue: (message) => {
        queued.push(message.body);
        return Promise.resolve('m');
      },
    };
    const { orgId, customerId } = await newOrganization();
    const endpoint = await createEndpoint(
      { ddb: table.ddb, tableName: table.tableName },
      { orgId, userId: 'owner' },
      { url: 'https://hooks.agence.example/vitrine', events: ['subscription.changed'] },
    );
    if ('tooMany' in endpoint) throw new Error('too many');
    const { events } = await subscribe(customerId, PRICE_IDS.agence);
    // Every event delivered twice: one state, one event.
    await deliver(...events, ...events);
    const deliveries = await listRecentDeliveries(table, orgId);
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.rawBody)).toMatchObject({
      type: 'subscription.changed',
      organizationId: orgId,
      data: { status: 'active', planId: 'agence', cancelAt: null },
    });
    expect(queued).toHaveLength(1);
  });
});
