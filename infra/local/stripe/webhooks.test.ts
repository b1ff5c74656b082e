/**
 * Webhook delivery: Stripe signatures the SDK verifies, creation order, retries after failures,
 * paused queues flushed out of order, resends, and a queue (and state) that survives a restart.
 */
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import type Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from './index';
import { sdk, startReceiver, temporaryDirectory } from './test-support';
import { signatureHeader } from './webhooks';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const running: StripeStandIn[] = [];

async function start(directory: string) {
  const standIn = await startStripeStandIn({
    directory,
    webhookUrl: receiver.url,
    webhookRetryBaseMs: 20,
    webhookMaxAttempts: 5,
  });
  running.push(standIn);
  return { standIn, stripe: sdk(standIn.apiKey, standIn.port) };
}

function eventIds(): string[] {
  return receiver.received.map((each) => (JSON.parse(each.body) as Stripe.Event).id);
}

beforeEach(async () => {
  receiver = await startReceiver();
});

afterEach(async () => {
  for (const standIn of running.splice(0)) await standIn.close();
  await receiver.close();
});

test('events are signed as Stripe signs them and delivered in creation order', async () => {
  const { standIn, stripe } = await start(await temporaryDirectory());
  const customers = [];
  for (const email of ['a@example.com', 'b@example.com', 'c@example.com'])
    customers.push(await stripe.customers.create({ email }));
  await standIn.controls.webhooks.idle();
  const events = receiver.received.map((each) =>
    stripe.webhooks.constructEvent(each.body, each.signature, standIn.webhookSigningSecret),
  );
  expect(events.map((event) => (event.data.object as Stripe.Customer).id)).toEqual(customers.map((each) => each.id));
  expect(events[0]).toMatchObject({
    type: 'customer.created',
    object: 'event',
    livemode: false,
    request: { id: expect.stringMatching(/^req_/) },
  });
  expect(() =>
    stripe.webhooks.constructEvent(receiver.received[0]!.body, receiver.received[0]!.signature, 'whsec_other'),
  ).toThrow();
  expect(signatureHeader('{}', 'whsec_x', 1700000000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
});

test('a failing endpoint gets the event again with backoff until it answers 2xx', async () => {
  const { standIn, stripe } = await start(await temporaryDirectory());
  receiver.state.failures = 2;
  const customer = await stripe.customers.create({ email: 'retry@example.com' });
  await standIn.controls.webhooks.idle();
  const attempts = standIn.controls.webhooks.attempts().filter((each) => each.type === 'customer.created');
  expect(attempts.map((each) => each.status)).toEqual([500, 500, 200]);
  // Backoff of 20 ms, then 40 ms (Stripe's is hours; locally it is milliseconds).
  expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(20);
  expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(40);
  expect(receiver.received).toHaveLength(1);
  expect((JSON.parse(receiver.received[0]!.body) as Stripe.Event).data.object).toMatchObject({ id: customer.id });
});

test('a paused queue is flushed in the order asked (out of order), and an event can be resent', async () => {
  const { standIn, stripe } = await start(await temporaryDirectory());
  await fetch(`${standIn.url}/_stand-in/webhooks/pause`, { method: 'POST' });
  await stripe.customers.create({ email: 'first@example.com' });
  await stripe.customers.create({ email: 'second@example.com' });
  const pending = standIn.controls.webhooks.pending();
  expect(pending).toHaveLength(2);
  expect(receiver.received).toHaveLength(0);
  const reversed = [...pending].reverse();
  const flushed = await fetch(`${standIn.url}/_stand-in/webhooks/flush`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: reversed.map((id) => `events[]=${id}`).join('&'),
  });
  expect(await flushed.json()).toEqual({ pending: [] });
  expect(eventIds()).toEqual(reversed);
  const resent = await fetch(`${standIn.url}/_stand-in/events/${pending[0]}/resend`, { method: 'POST' });
  expect(await resent.json()).toEqual({ status: 200 });
  expect(eventIds()).toEqual([...reversed, pending[0]]);
});

test('a restart keeps customers, subscriptions, keys and undelivered events', async () => {
  const directory = await temporaryDirectory();
  const first = await start(directory);
  const price = await first.stripe.prices.create({
    currency: 'eur',
    unit_amount: 8900,
    recurring: { interval: 'month' },
    product_data: { name: 'Agence' },
  });
  const customer = await first.stripe.customers.create({ email: 'kept@example.com' });
  const subscription = await first.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: 'pm_card_visa',
  });
  await first.standIn.controls.webhooks.idle();
  first.standIn.controls.webhooks.pause();
  await first.stripe.customers.update(customer.id, { name: 'Queued' });
  const queued = first.standIn.controls.webhooks.pending();
  expect(queued).toHaveLength(1);
  await first.standIn.close();
  running.splice(running.indexOf(first.standIn), 1);
  const saved = JSON.parse(await readFile(path.join(directory, 'state.json'), 'utf8')) as {
    webhookQueue: { eventId: string }[];
  };
  expect(saved.webhookQueue.map((each) => each.eventId)).toEqual(queued);

  const second = await start(directory);
  expect(second.standIn.apiKey).toBe(first.standIn.apiKey);
  expect(second.standIn.webhookSigningSecret).toBe(first.standIn.webhookSigningSecret);
  expect((await second.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ name: 'Queued' });
  expect(await second.stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active' });
  await second.standIn.controls.webhooks.idle();
  expect(eventIds()).toContain(queued[0]);
});
