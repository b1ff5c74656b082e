import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { BILLING_API_TEXTS, findPlan, PLANS } from '@vitrine/shared';
import type { OrganizationRecord } from '../lib/records';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { createCatalog } from './catalog';
import { changePlan, openPortal, startCheckout } from './checkout';
import type { BillingDeps } from './subscription-sync';
import { FakeStripe, PRICE_IDS } from '../testing/fake-stripe';

const APP = 'http://localhost:3000';
let table: LocalTable;
let stripe: FakeStripe;
let deps: BillingDeps;

beforeAll(async () => {
  table = await startLocalTable('vitrine-checkout-test');
});
afterAll(() => table.close());
beforeEach(() => {
  stripe = new FakeStripe();
  deps = { ddb: table.ddb, tableName: table.tableName, stripe, catalog: createCatalog(stripe) };
});

let counter = 0;
async function newOrganization(withCustomer = true): Promise<OrganizationRecord> {
  const id = `org-checkout-${++counter}`;
  const customerId = withCustomer ? await stripe.createCustomer({ organizationId: id, name: 'A' }, id) : null;
  const item: OrganizationRecord = {
    pk: `ORG#${id}`,
    sk: 'ORG',
    ...(customerId ? { gsi1pk: `STRIPE#${customerId}` as const, gsi1sk: 'ORG' as const } : {}),
    id,
    name: 'Agence',
    stripeCustomerId: customerId,
    creditBalance: 0,
    subscription: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  };
  await table.ddb.send(new PutCommand({ TableName: table.tableName, Item: item }));
  return item;
}

async function reload(orgId: string): Promise<OrganizationRecord> {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: { pk: `ORG#${orgId}`, sk: 'ORG' }, ConsistentRead: true }),
  );
  return Item as OrganizationRecord;
}

const checkout = async (organization: OrganizationRecord, priceId: string) =>
  startCheckout(deps, { organization, priceId, appUrl: APP });

describe('startCheckout', () => {
  it('sends the browser back to the onboarding with the plan when it leaves without paying (decision 096)', async () => {
    const created = jest.spyOn(stripe, 'createCheckoutSession');
    await checkout(await newOrganization(), PRICE_IDS.agence);
    expect(created.mock.calls[0]?.[0]).toMatchObject({
      successUrl: `${APP}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}/dashboard?checkout=canceled&price=${encodeURIComponent(PRICE_IDS.agence)}`,
    });
  });

  it('opens a subscription Checkout Session that returns to the app', async () => {
    const org = await newOrganization();
    const { url } = await checkout(org, PRICE_IDS.agence);
    const [session] = [...stripe.sessions.values()];
    expect(url).toBe(session!.url);
    expect(session).toMatchObject({ priceId: PRICE_IDS.agence, customerId: org.stripeCustomerId, status: 'open' });

    expect((await reload(org.id)).checkoutSession).toMatchObject({ id: session!.id, priceId: PRICE_IDS.agence });
  });

  it('returns the open session again instead of a second one, and replaces it for another plan', async () => {
    const org = await newOrganization();
    const first = await checkout(org, PRICE_IDS.agence);
    expect(await checkout(await reload(org.id), PRICE_IDS.agence)).toEqual(first);
    expect(stripe.sessions.size).toBe(1);

    const other = await checkout(await reload(org.id), PRICE_IDS.mandataire);
    expect(other.url).not.toBe(first.url);
    const statuses = [...stripe.sessions.values()].map((s) => [s.priceId, s.status]);
    expect(statuses).toEqual([
      [PRICE_IDS.agence, 'expired'],
      [PRICE_IDS.mandataire, 'open'],
    ]);
  });

  it('keeps one open session when two checkouts of an organization race', async () => {
    const org = await newOrganization();
    const results = await Promise.allSettled([
      checkout(org, PRICE_IDS.agence),
      checkout(org, PRICE_IDS.agence),
      checkout(org, PRICE_IDS.mandataire),
    ]);
    const open = [...stripe.sessions.values()].filter((s) => s.status === 'open');
    expect(open).toHaveLength(1);
    const stored = (await reload(org.id)).checkoutSession!;
    expect(stored.id).toBe(open[0]!.id);
    // Whoever got a URL got the one session that can still be paid.
    for (const result of results) {
      if (result.status === 'fulfilled') expect(result.value.url).toBe(stored.url);
      else expect(result.reason).toMatchObject({ statusCode: 409 });
    }
  });

  it('refuses an organization whose customer already has a live subscription', async () => {
    const org = await newOrganization();
    const { url } = await checkout(org, PRICE_IDS.mandataire);
    stripe.completeCheckout([...stripe.sessions.values()].find((s) => s.url === url)!.id);
    // The webhook has not arrived yet: Stripe itself is asked.
    await expect(checkout(await reload(org.id), PRICE_IDS.agence)).rejects.toMatchObject({
      statusCode: 409,
      message: BILLING_API_TEXTS.alreadySubscribed,
    });
  });

  it('allows a new subscription after a cancellation', async () => {
    const org = await newOrganization();
    const subscription = stripe.startSubscription(org.stripeCustomerId!, PRICE_IDS.agence);
    stripe.setStatus(subscription.id, 'canceled');
    await expect(checkout(org, PRICE_IDS.agence)).resolves.toHaveProperty('url');
  });

  it('creates the Stripe customer of an organization that has none, once', async () => {
    const org = await newOrganization(false);
    await Promise.all([checkout(org, PRICE_IDS.agence), checkout(org, PRICE_IDS.agence)]);
    const stored = await reload(org.id);
    expect(stored.stripeCustomerId).toMatch(/^cus_/);
    expect(stored.gsi1pk).toBe(`STRIPE#${stored.stripeCustomerId}`);
    expect(stripe.customers.size).toBe(1);
  });
});

describe('openPortal and changePlan', () => {
  it('opens the portal for the customer, back to the settings page', async () => {
    const org = await newOrganization();
    const { url } = await openPortal(deps, org, APP);
    expect(url).toContain(org.stripeCustomerId);
    expect(stripe.portalSessions).toEqual([`${APP}/dashboard/settings?tab=abonnement&from=portal`]);
  });

  it('moves the subscription to the new price and answers the shared Subscription', async () => {
    const org = await newOrganization();
    const subscription = stripe.startSubscription(org.stripeCustomerId!, PRICE_IDS.mandataire);
    const subscribed = {
      ...org,
      subscription: { id: subscription.id, status: 'active', planId: 'mandataire' as const, currentPeriodEnd: null },
    };
    const answer = await changePlan(deps, subscribed, findPlan('agence')!, PRICE_IDS.agence);
    expect(answer.subscription).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(subscription.currentPeriodEnd! * 1000).toISOString(),
      price: { id: 'agence', stripePriceId: PRICE_IDS.agence, credits: 100, is_organization: true },
    });
    expect(stripe.subscriptions.get(subscription.id)?.priceId).toBe(PRICE_IDS.agence);
    // The organization follows at once, read back from Stripe as the webhook would (decision 095).
    expect((await reload(org.id)).subscription).toMatchObject({ status: 'active', planId: 'agence' });
  });

  it('refuses a plan change without an active subscription', async () => {
    const org = await newOrganization();
    await expect(changePlan(deps, org, findPlan('agence')!, PRICE_IDS.agence)).rejects.toMatchObject({
      statusCode: 409,
      message: BILLING_API_TEXTS.noSubscription,
    });
    const subscription = stripe.startSubscription(org.stripeCustomerId!, PRICE_IDS.mandataire);
    stripe.setStatus(subscription.id, 'canceled');
    const canceled = {
      ...org,
      subscription: { id: subscription.id, status: 'canceled', planId: 'mandataire' as const, currentPeriodEnd: null },
    };
    await expect(changePlan(deps, canceled, findPlan('agence')!, PRICE_IDS.agence)).rejects.toMatchObject({
      statusCode: 409,
    });
  });
});

describe('catalog', () => {
  it("resolves each plan to its Stripe price by lookup key, with the plan's one list of features", async () => {
    const prices = await deps.catalog.prices();
    expect(prices.map((p) => [p.id, p.stripePriceId, p.amount, p.credits, p.is_organization])).toEqual([
      ['mandataire', PRICE_IDS.mandataire, 2900, 30, false],
      ['agence', PRICE_IDS.agence, 8900, 100, true],
    ]);
    expect(prices[0]!.features).toEqual(expect.arrayContaining(['1 utilisateur', '30 photos par mois']));
    // Decision 097: what the pricing page strikes out for Mandataire is not promised here.
    expect(prices[0]!.features).not.toContain('Support prioritaire');
    expect(prices[0]!.excludedFeatures).toEqual(expect.arrayContaining(['Support prioritaire']));
    expect(prices[1]!.features).toEqual(expect.arrayContaining(['Jusqu’à 5 utilisateurs', '100 photos par mois']));
  });

  it("answers a null price id for a plan the Stripe account lacks, and the plan's features whatever the product says", async () => {
    stripe.prices = [{ ...stripe.prices[1]!, features: ['Tout compris'] }];
    const prices = await deps.catalog.prices();
    expect(prices.map((p) => [p.id, p.stripePriceId])).toEqual([
      ['mandataire', null],
      ['agence', PRICE_IDS.agence],
    ]);
    expect(prices[1]!.features).toEqual(PLANS[1]!.features);
  });

  it('knows only our prices, and asks Stripe at most once per few minutes', async () => {
    await expect(deps.catalog.planForPriceId(PRICE_IDS.agence)).resolves.toMatchObject({ id: 'agence' });
    await expect(deps.catalog.planForPriceId('price_someone_else')).resolves.toBeUndefined();
    await expect(deps.catalog.planForPriceId('price_someone_else')).resolves.toBeUndefined();
    expect(stripe.calls.listPrices).toBe(1);
  });
});
