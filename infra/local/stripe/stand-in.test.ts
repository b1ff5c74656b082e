/**
 * The local Stripe stand-in driven by the real `stripe` SDK: shapes, errors, idempotency, the
 * hosted Checkout and portal pages, test clocks, persistence across a restart.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import Stripe from 'stripe';
import { Store } from './store';
import { startStripeStandIn, type StripeStandIn } from './index';
import {
  DECLINED,
  FAILS_LATER,
  VISA,
  plainSpaces,
  postForm,
  sdk,
  startReceiver,
  temporaryDirectory,
} from './test-support';

let directory: string;
let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const prices: Record<string, Stripe.Price> = {};

beforeAll(async () => {
  directory = await temporaryDirectory();
  receiver = await startReceiver();
  standIn = await startStripeStandIn({ directory, webhookUrl: receiver.url, webhookRetryBaseMs: 20 });
  stripe = sdk(standIn.apiKey, standIn.port);
  for (const [name, amount] of [
    ['Solo', 2900],
    ['Agence', 8900],
    ['Pro', 14900],
  ] as const) {
    prices[name] = await stripe.prices.create({
      currency: 'eur',
      unit_amount: amount,
      recurring: { interval: 'month' },
      lookup_key: `${name.toLowerCase()}_monthly`,
      product_data: { name },
      metadata: { credits: String(amount / 100) },
    });
  }
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

/** Signed events received so far, verified with the SDK (the webhook Lambda makes the same checks itself, lib/stripe.ts). */
function receivedEvents(): Stripe.Event[] {
  return receiver.received.map((each) =>
    stripe.webhooks.constructEvent(each.body, each.signature, standIn.webhookSigningSecret),
  );
}

async function checkoutFor(customer: Stripe.Customer, price = prices.Agence!) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/billing/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/dashboard',
    client_reference_id: 'org-1',
    metadata: { organizationId: 'org-1' },
    subscription_data: { metadata: { organizationId: 'org-1' } },
  });
}

test('customers: create, retrieve and update in Stripe shapes', async () => {
  const created = await stripe.customers.create({
    email: 'claire@example.com',
    name: 'Agence Démo',
    metadata: { organizationId: 'org-1' },
  });
  expect(created).toMatchObject({
    object: 'customer',
    email: 'claire@example.com',
    livemode: false,
    metadata: { organizationId: 'org-1' },
  });
  expect(created.id).toMatch(/^cus_\w{24}$/);
  expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);
  const updated = await stripe.customers.update(created.id, { name: 'Agence Renommée', metadata: { plan: 'agence' } });
  expect(updated.metadata).toEqual({ organizationId: 'org-1', plan: 'agence' });
  expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({ name: 'Agence Renommée' });
});

test('errors: 404 resource_missing, 400 missing and unknown params, 401 bad key', async () => {
  await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
    type: 'StripeInvalidRequestError',
    statusCode: 404,
    code: 'resource_missing',
    param: 'id',
    message: "No such customer: 'cus_missing'",
  });
  await expect(
    stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://localhost/ok' }),
  ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items' });
  await expect(
    stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope', quantity: 1 }] }),
  ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
  await expect(stripe.prices.update(prices.Solo!.id, { unit_amount: 1 } as never)).rejects.toMatchObject({
    statusCode: 400,
    code: 'parameter_unknown',
    param: 'unit_amount',
  });
  await expect(sdk('sk_test_wrong', standIn.port).customers.list()).rejects.toMatchObject({
    type: 'StripeAuthenticationError',
    statusCode: 401,
  });
});

test('idempotency keys: same key replays the first answer, other parameters are refused', async () => {
  const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
  const again = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
  expect(again.id).toBe(first.id);
  expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
  expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
  await expect(
    stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'create-once' }),
  ).rejects.toMatchObject({
    type: 'StripeIdempotencyError',
    statusCode: 400,
  });
});

test('prices by lookup key with their product expanded; lookup keys transfer only when asked', async () => {
  const list = await stripe.prices.list({
    lookup_keys: ['agence_monthly', 'pro_monthly'],
    active: true,
    expand: ['data.product'],
  });
  expect(list).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
  expect(list.data.map((price) => (price.product as Stripe.Product).name).sort()).toEqual(['Agence', 'Pro']);
  expect(list.data[0]).toMatchObject({
    object: 'price',
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1 },
  });

  const product = await stripe.products.create({ name: 'Agence 2027' });
  const input = {
    currency: 'eur',
    unit_amount: 9900,
    recurring: { interval: 'month' as const },
    product: product.id,
    lookup_key: 'agence_monthly',
  };
  await expect(stripe.prices.create(input)).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
  const moved = await stripe.prices.create({ ...input, transfer_lookup_key: true });
  expect(moved.lookup_key).toBe('agence_monthly');
  expect((await stripe.prices.retrieve(prices.Agence!.id)).lookup_key).toBeNull();
  // Put the catalog back for the other tests.
  await stripe.prices.update(moved.id, { active: false, lookup_key: '' });
  prices.Agence = await stripe.prices.update(prices.Agence!.id, {
    lookup_key: 'agence_monthly',
    metadata: { tier: '2' },
  });
  expect(prices.Agence.metadata).toEqual({ credits: '89', tier: '2' });
  expect((await stripe.products.list({ active: true })).data.map((each) => each.name)).toContain('Agence 2027');
});

test('checkout: the hosted page declines 0002, takes 4242, and the session completes with its subscription', async () => {
  const customer = await stripe.customers.create({ email: 'owner@example.com' });
  const session = await checkoutFor(customer);
  expect(session).toMatchObject({
    object: 'checkout.session',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: 8900,
    currency: 'eur',
    subscription: null,
  });
  expect(session.id).toMatch(/^cs_test_/);
  expect(session.url).toBe(`${standIn.url}/c/pay/${session.id}`);

  const page = plainSpaces(await (await fetch(session.url!)).text());
  expect(page).toContain('Paiement de test (Stripe local)');
  expect(page).toContain('Agence');
  expect(page).toContain('89,00 €');
  expect(page).toContain('href="http://localhost:3000/dashboard">Retour</a>');

  const declined = await postForm(session.url!, DECLINED);
  expect(declined.status).toBe(402);
  expect(declined.text).toContain('Votre carte a été refusée.');
  expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  expect((await postForm(session.url!, { ...VISA, expiry: '13/30' })).text).toContain('MM/AA');

  const paid = await postForm(session.url!, VISA);
  expect(paid.status).toBe(303);
  expect(paid.location).toBe(`http://localhost:3000/billing/success?session_id=${session.id}`);

  const completed = await stripe.checkout.sessions.retrieve(session.id, {
    expand: ['subscription', 'subscription.latest_invoice'],
  });
  expect(completed).toMatchObject({
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    client_reference_id: 'org-1',
  });
  expect(completed.customer_details?.email).toBe('owner@example.com');
  const subscription = completed.subscription as Stripe.Subscription;
  expect(subscription).toMatchObject({
    object: 'subscription',
    status: 'active',
    customer: customer.id,
    cancel_at_period_end: false,
    metadata: { organizationId: 'org-1' },
  });
  const [item] = subscription.items.data;
  expect(item!.price.id).toBe(prices.Agence!.id);
  const start = new Date(item!.current_period_start * 1000);
  const end = new Date(item!.current_period_end * 1000);
  expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
  const invoice = subscription.latest_invoice as Stripe.Invoice;
  expect(invoice).toMatchObject({
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_create',
    amount_paid: 8900,
    customer: customer.id,
  });
  expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
  expect(invoice.lines.data[0]).toMatchObject({
    amount: 8900,
    pricing: { price_details: { price: prices.Agence!.id } },
  });

  await standIn.controls.webhooks.idle();
  const types = receivedEvents()
    .filter((event) => JSON.stringify(event.data.object).includes(customer.id))
    .map((event) => event.type);
  expect(types).toEqual(
    expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']),
  );
  expect(types.indexOf('customer.subscription.created')).toBeLessThan(types.indexOf('checkout.session.completed'));

  const twice = await postForm(session.url!, VISA);
  expect(twice.status).toBe(409);
  expect(twice.text).toContain('Ce paiement a déjà été effectué.');
});

test('checkout sessions expire on request and cannot be paid afterwards', async () => {
  const customer = await stripe.customers.create({ email: 'late@example.com' });
  const session = await checkoutFor(customer);
  const expired = await stripe.checkout.sessions.expire(session.id);
  expect(expired).toMatchObject({ status: 'expired', url: null });
  await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  const attempt = await postForm(session.url!, VISA);
  expect(attempt.status).toBe(409);
  expect(attempt.text).toContain('Cette session de paiement a expiré.');
});

test('portal: plan change invoices the proration at once; cancellation at period end; new card', async () => {
  const customer = await stripe.customers.create({ email: 'portal@example.com' });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices.Agence!.id }],
    default_payment_method: 'pm_card_visa',
  });
  expect(subscription.status).toBe('active');
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://localhost:3000/dashboard/settings',
  });
  expect(portal).toMatchObject({ object: 'billing_portal.session', customer: customer.id });
  const page = plainSpaces(await (await fetch(portal.url)).text());
  expect(page).toContain('Agence');
  expect(page).toContain('89,00 € par mois');
  expect(page).toContain('Choisir Pro');
  expect(page).toContain('Carte Visa se terminant par 4242');
  expect(page).toContain('href="http://localhost:3000/dashboard/settings">Retour</a>');

  const changed = await postForm(`${portal.url}/plan`, { price: prices.Pro!.id });
  expect(changed.status).toBe(303);
  const upgraded = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
  expect(upgraded.items.data[0]!.price.id).toBe(prices.Pro!.id);
  const proration = upgraded.latest_invoice as Stripe.Invoice;
  expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
  // Just started: nearly the whole difference (149 - 89 euros).
  expect(proration.amount_paid).toBeGreaterThan(5990);
  expect(proration.amount_paid).toBeLessThanOrEqual(6000);
  expect(proration.lines.data.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([true, true]);

  await postForm(`${portal.url}/cancel`, {});
  const canceling = await stripe.subscriptions.retrieve(subscription.id);
  expect(canceling).toMatchObject({
    status: 'active',
    cancel_at_period_end: true,
    cancel_at: canceling.items.data[0]!.current_period_end,
  });
  expect(plainSpaces(await (await fetch(`${portal.url}?done=canceled`)).text())).toContain('Se termine le');

  const refused = await postForm(`${portal.url}/card`, DECLINED);
  expect(refused.text).toContain('Votre carte a été refusée.');
  expect((await postForm(`${portal.url}/card`, FAILS_LATER)).status).toBe(303);
  const withCard = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
  expect((withCard.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('0341');

  await standIn.controls.webhooks.idle();
  const updates = receivedEvents().filter(
    (event) =>
      event.type === 'customer.subscription.updated' &&
      (event.data.object as Stripe.Subscription).id === subscription.id,
  );
  expect(updates[0]!.data.previous_attributes).toHaveProperty('items');
  expect(
    updates.some(
      (event) =>
        (event.data.previous_attributes as Partial<Stripe.Subscription> | undefined)?.cancel_at_period_end === false,
    ),
  ).toBe(true);
});

test('test clock: renewal pays a cycle invoice, a failing card makes it past_due, the period end cancels', async () => {
  const start = Math.floor(Date.UTC(2027, 0, 15, 10) / 1000);
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'renewals' });
  const customer = await stripe.customers.create({ email: 'clock@example.com', test_clock: clock.id });
  expect(customer.created).toBe(start);
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices.Solo!.id }],
    default_payment_method: 'pm_card_visa',
  });
  const firstEnd = subscription.items.data[0]!.current_period_end;
  expect(firstEnd).toBe(Math.floor(Date.UTC(2027, 1, 15, 10) / 1000));

  const advancing = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: firstEnd + 3600 });
  expect(advancing.status).toBe('advancing');
  expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({
    status: 'ready',
    frozen_time: firstEnd + 3600,
  });
  const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
  expect(renewed.status).toBe('active');
  expect(renewed.items.data[0]).toMatchObject({
    current_period_start: firstEnd,
    current_period_end: Math.floor(Date.UTC(2027, 2, 15, 10) / 1000),
  });
  expect(renewed.latest_invoice).toMatchObject({
    billing_reason: 'subscription_cycle',
    status: 'paid',
    amount_paid: 2900,
    created: firstEnd,
  });

  await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_chargeDeclined' });
  await stripe.testHelpers.testClocks.advance(clock.id, {
    frozen_time: renewed.items.data[0]!.current_period_end + 60,
  });
  const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
  expect(pastDue.status).toBe('past_due');
  expect(pastDue.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 2900 });
  const invoices = await stripe.invoices.list({ subscription: subscription.id });
  expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([
    'subscription_cycle',
    'subscription_cycle',
    'subscription_create',
  ]);

  await stripe.subscriptions.update(subscription.id, {
    default_payment_method: 'pm_card_visa',
    cancel_at_period_end: true,
  });
  const paidNow = await stripe.invoices.pay((pastDue.latest_invoice as Stripe.Invoice).id);
  expect(paidNow.status).toBe('paid');
  expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  await stripe.testHelpers.testClocks.advance(clock.id, {
    frozen_time: pastDue.items.data[0]!.current_period_end + 60,
  });
  const ended = await stripe.subscriptions.retrieve(subscription.id);
  expect(ended).toMatchObject({ status: 'canceled', ended_at: pastDue.items.data[0]!.current_period_end });

  await standIn.controls.webhooks.idle();
  const types = receivedEvents()
    .filter((event) => JSON.stringify(event.data.object).includes(subscription.id))
    .map((event) => event.type);
  expect(types).toEqual(
    expect.arrayContaining(['invoice.payment_failed', 'invoice.paid', 'customer.subscription.deleted']),
  );
});

test('subscriptions without a clock: advance-period control, list filters, cancel now', async () => {
  const customer = await stripe.customers.create({ email: 'plain@example.com' });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices.Agence!.id }],
    default_payment_method: 'pm_card_visa',
  });
  const response = await fetch(`${standIn.url}/_stand-in/subscriptions/${subscription.id}/advance-period`, {
    method: 'POST',
  });
  expect(response.status).toBe(200);
  const renewed = await stripe.subscriptions.retrieve(subscription.id);
  expect(renewed.items.data[0]!.current_period_start).toBe(subscription.items.data[0]!.current_period_end);
  expect(
    (await stripe.subscriptions.list({ customer: customer.id, status: 'active' })).data.map((each) => each.id),
  ).toEqual([subscription.id]);

  const canceled = await stripe.subscriptions.cancel(subscription.id);
  expect(canceled).toMatchObject({ status: 'canceled' });
  expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
  expect((await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data).toHaveLength(1);
  const events = await stripe.events.list({ type: 'customer.subscription.deleted', limit: 100 });
  expect(events.data.some((event) => (event.data.object as Stripe.Subscription).id === subscription.id)).toBe(true);
  const event = await stripe.events.retrieve(events.data[0]!.id);
  expect(event).toMatchObject({ object: 'event', livemode: false, api_version: Stripe.API_VERSION });
});

test('a first payment refused leaves the subscription incomplete with its invoice open', async () => {
  const customer = await stripe.customers.create({ email: 'refused@example.com' });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices.Solo!.id }],
    default_payment_method: 'pm_card_chargeDeclined',
    expand: ['latest_invoice'],
  });
  expect(subscription.status).toBe('incomplete');
  expect(subscription.latest_invoice).toMatchObject({
    status: 'open',
    amount_paid: 0,
    amount_remaining: 2900,
    attempted: true,
  });
  const failed = await stripe.events.list({ type: 'invoice.payment_failed', limit: 100 });
  expect(failed.data.some((event) => (event.data.object as Stripe.Invoice).customer === customer.id)).toBe(true);
  await expect(
    stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: prices.Solo!.id }],
      default_payment_method: 'pm_missing',
    }),
  ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'default_payment_method' });
});

test('default prorations wait for the next renewal invoice; an ended subscription only takes metadata', async () => {
  const customer = await stripe.customers.create({ email: 'later@example.com' });
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: prices.Solo!.id }],
    default_payment_method: 'pm_card_visa',
  });
  const updated = await stripe.subscriptions.update(subscription.id, {
    items: [{ id: subscription.items.data[0]!.id, price: prices.Agence!.id }],
  });
  expect(updated.latest_invoice).toBe(subscription.latest_invoice);
  expect(updated.items.data[0]!.price.id).toBe(prices.Agence!.id);

  standIn.controls.advancePeriod(subscription.id);
  const renewal = await stripe.invoices.retrieve(
    (await stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string,
  );
  expect(renewal.billing_reason).toBe('subscription_cycle');
  const prorated = renewal.lines.data.filter((line) => line.parent?.subscription_item_details?.proration);
  expect(prorated.map((line) => Math.sign(line.amount))).toEqual([-1, 1]);
  expect(renewal.total).toBe(8900 + prorated.reduce((sum, line) => sum + line.amount, 0));

  await stripe.subscriptions.cancel(subscription.id);
  expect((await stripe.subscriptions.update(subscription.id, { metadata: { note: 'archived' } })).metadata).toEqual({
    note: 'archived',
  });
  await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({
    statusCode: 400,
  });
});

describe('persistence before the answer', () => {
  it('has the paid checkout on disk when its redirect arrives (a stop right after it loses nothing)', async () => {
    const customer = await stripe.customers.create({ email: 'sauve@exemple.fr' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: prices.Agence!.id, quantity: 1 }],
      success_url: 'http://app.local/ok',
      cancel_url: 'http://app.local/ko',
    });
    // Slow disk: each write of the state takes 300 ms.
    const storePrototype = Store.prototype as unknown as { write(): Promise<void> };
    const write = storePrototype.write;
    storePrototype.write = async function (this: unknown) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return write.call(this);
    };
    try {
      const paid = await postForm(`${standIn.url}/c/pay/${session.id}`, VISA);
      expect(paid.status).toBe(303);
      const onDisk = JSON.parse(await readFile(path.join(directory, 'state.json'), 'utf8')) as {
        objects: Record<string, { status?: string }>;
      };
      expect(onDisk.objects[session.id]).toMatchObject({ status: 'complete' });
    } finally {
      storePrototype.write = write;
    }
  });
});
