import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOKS_TEXTS } from '@vitrine/shared';
import { gsi1Keys } from '../lib/keys';
import type { OutgoingMail } from '../lib/aws/ses';
import type { QueueMessage } from '../lib/aws/sqs';
import { startLocalTable, type LocalTable } from '../testing/local-aws';
import { putUserRecord } from '../testing/user-records';
import { parseDeliveryMessage, processDeliveryMessage, type WebhookConsumerDeps } from './webhook-consumer';
import { emitCreditsLowIfBelow, emitWebhookEvent, eventIdOf } from './webhook-events';
import { WEBHOOK_RETRY } from './webhook-retry';
import { verifyWebhookSignature, WEBHOOK_SIGNATURE } from './webhook-signature';
import { createEndpoint, getDelivery, getEndpoint, listRecentDeliveries, saveEndpointHealth } from './webhook-store';

let table: LocalTable;
let receiver: Server;
let receiverUrl: string;
let received: { headers: IncomingMessage['headers']; body: string }[];
let answerStatus: number;

beforeAll(async () => {
  table = await startLocalTable();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await table.close();
});

let orgCounter = 0;
let clock: number;
let queue: QueueMessage[];
let mails: OutgoingMail[];

function deps(): WebhookConsumerDeps {
  return {
    ...table,
    now: () => new Date(clock),
    sendToQueue: (message) => {
      queue.push(message);
      return Promise.resolve(`m-${queue.length}`);
    },
    policy: { allowLoopbackHttp: true },
    sendMail: (mail) => {
      mails.push(mail);
      return Promise.resolve('mail-1');
    },
    appUrl: () => 'https://app.vitrine.test',
    random: () => 0.5,
  };
}

async function organizationWithEndpoint(events: Parameters<typeof createEndpoint>[2]['events']) {
  const orgId = `org-wh-${++orgCounter}`;
  const owner = await putUserRecord(table, {
    organizationId: orgId,
    roles: ['org_owner'],
    ...gsi1Keys.member(orgId, `owner-${orgId}@example.com`),
    email: `owner-${orgId}@example.com`,
  });
  const outcome = await createEndpoint(deps(), { orgId, userId: owner.id }, { url: receiverUrl, events });
  if ('tooMany' in outcome) throw new Error('too many');
  return { orgId, endpoint: outcome.created, owner };
}

const takeMessage = () => {
  const message = queue.shift();
  const parsed = message && parseDeliveryMessage(message.body);
  if (!parsed) throw new Error('no message queued');
  return { parsed, delaySeconds: message.delaySeconds };
};

beforeEach(() => {
  clock = Date.parse('2030-03-01T10:00:00Z');
  queue = [];
  mails = [];
  received = [];
  answerStatus = 200;
});

describe('webhook events and their deliveries', () => {
  it('queues one delivery per subscribed endpoint and the one a start named, once per event', async () => {
    const { orgId, endpoint } = await organizationWithEndpoint(['transformation.succeeded']);
    const other = await createEndpoint(deps(), { orgId, userId: 'u' }, { url: receiverUrl, events: ['credits.low'] });
    if ('tooMany' in other) throw new Error('too many');
    const event = {
      orgId,
      type: 'transformation.succeeded' as const,
      subjectId: 'tx-1',
      data: { transformationId: 'tx-1' },
    };
    await expect(emitWebhookEvent(deps(), event)).resolves.toBe(1);
    await expect(emitWebhookEvent(deps(), { ...event, endpointId: other.created.id })).resolves.toBe(2);
    const deliveries = await listRecentDeliveries(table, orgId);
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual([endpoint.id, other.created.id].sort());
    expect(new Set(deliveries.map((delivery) => delivery.eventId))).toEqual(new Set([eventIdOf(event)]));
    // The first emission's delivery, not yet attempted, is queued again; nothing else is duplicated.
    expect(queue).toHaveLength(3);
    await expect(
      emitWebhookEvent(deps(), { ...event, type: 'transformation.failed', subjectId: 'tx-2' }),
    ).resolves.toBe(0);
  });

  it('emits credits.low below the threshold, once per billing period', async () => {
    const { orgId } = await organizationWithEndpoint(['credits.low']);
    const period = { orgId, creditPeriodStart: '2030-03-01T00:00:00.000Z' };
    await expect(emitCreditsLowIfBelow(deps(), { ...period, creditBalance: 10 })).resolves.toBe(0);
    await expect(emitCreditsLowIfBelow(deps(), { ...period, creditBalance: 9 })).resolves.toBe(1);
    await emitCreditsLowIfBelow(deps(), { ...period, creditBalance: 8 });
    expect(await listRecentDeliveries(table, orgId)).toHaveLength(1);
    await emitCreditsLowIfBelow(deps(), { ...period, creditPeriodStart: '2030-04-01T00:00:00.000Z', creditBalance: 4 });
    const deliveries = await listRecentDeliveries(table, orgId);
    // Both may carry the same millisecond: their order is not the emissions'.
    const bodies = deliveries.map((delivery) => JSON.parse(delivery.rawBody) as { data: { creditBalance: number } });
    expect(bodies.sort((a, b) => a.data.creditBalance - b.data.creditBalance)).toMatchObject([
      { type: 'credits.low', data: { creditBalance: 4, threshold: 10 } },
      { type: 'credits.low', data: { creditBalance: 9, threshold: 10 } },
    ]);
  });

  it('delivers the signed event, which the documented check accepts, and records the attempt', async () => {
    const { orgId, endpoint } = await organizationWithEndpoint(['transformation.succeeded']);
    await emitWebhookEvent(deps(), {
      orgId,
      type: 'transformation.succeeded',
      subjectId: 'tx-ok',
      data: { transformationId: 'tx-ok' },
    });
    const { parsed } = takeMessage();
    await expect(processDeliveryMessage(deps(), parsed)).resolves.toBe('delivered');
    const [delivery] = received;
    const header = delivery?.headers[WEBHOOK_SIGNATURE.header] as string;
    expect(
      verifyWebhookSignature({ secret: endpoint.secret, header, rawBody: delivery!.body, nowSeconds: clock / 1000 }),
    ).toMatchObject({ valid: true });
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'transformation.succeeded',
      organizationId: orgId,
      data: { transformationId: 'tx-ok' },
      id: delivery?.headers[WEBHOOK_SIGNATURE.eventIdHeader],
    });
    expect(await getDelivery(table, orgId, parsed.deliveryId)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
    });
    // A message received twice does not send it again.
    await expect(processDeliveryMessage(deps(), parsed)).resolves.toBe('skipped');
    expect(received).toHaveLength(1);
  });

  it('retries a failing delivery with backoff, re-queuing attempts later than SQS allows, for 24 hours', async () => {
    const { orgId } = await organizationWithEndpoint(['credits.low']);
    answerStatus = 503;
    await emitWebhookEvent(deps(), { orgId, type: 'credits.low', subjectId: 'r-1', data: { creditBalance: 3 } });
    const start = clock;
    const { parsed } = takeMessage();
    await expect(processDeliveryMessage(deps(), parsed)).resolves.toBe('retry-queued');
    let next = takeMessage();
    expect(next.parsed.notBeforeMs).toBe(start + WEBHOOK_RETRY.firstDelaySeconds * 1000);
    expect(next.delaySeconds).toBe(WEBHOOK_RETRY.firstDelaySeconds);
    let outcome: string = 'retry-queued';
    let attempts = 1;
    while (outcome !== 'failed') {
      // Not due yet: back in the queue for at most 15 minutes.
      clock = next.parsed.notBeforeMs! - 1000;
      outcome = await processDeliveryMessage(deps(), next.parsed);
      if (outcome === 'requeued') {
        const requeued = takeMessage();
        expect(requeued.delaySeconds).toBeLessThanOrEqual(900);
        expect(requeued.parsed.notBeforeMs).toBe(next.parsed.notBeforeMs);
      }
      clock = next.parsed.notBeforeMs!;
      outcome = await processDeliveryMessage(deps(), next.parsed);
      attempts += 1;
      if (outcome === 'retry-queued') next = takeMessage();
    }
    expect(clock - start).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    const delivery = await getDelivery(table, orgId, parsed.deliveryId);
    expect(delivery).toMatchObject({ status: 'failed', attempts, lastStatus: 503, lastError: 'http-status' });
    expect(received).toHaveLength(attempts);
  });

  it('disables an endpoint that keeps failing and tells the owner by e-mail, once', async () => {
    const { orgId, endpoint, owner } = await organizationWithEndpoint(['subscription.changed']);
    await saveEndpointHealth(
      deps(),
      endpoint,
      { consecutiveFailures: 9, failingSinceMs: clock - 25 * 60 * 60 * 1000, disabled: false },
      false,
    );
    answerStatus = 500;
    await emitWebhookEvent(deps(), { orgId, type: 'subscription.changed', subjectId: 'evt_s1', data: {} });
    await processDeliveryMessage(deps(), takeMessage().parsed);
    const disabled = await getEndpoint(table, orgId, endpoint.id);
    expect(disabled?.disabledAt).toBeDefined();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: owner.email, subject: WEBHOOKS_TEXTS.disabledMail.subject });
    expect(mails[0]?.text).toContain(receiverUrl);
    // Its queued retry now fails without sending; a disabled endpoint gets no new event.
    await expect(processDeliveryMessage(deps(), { ...takeMessage().parsed, notBeforeMs: clock })).resolves.toBe(
      'failed',
    );
    await expect(
      emitWebhookEvent(deps(), { orgId, type: 'subscription.changed', subjectId: 'evt_s2', data: {} }),
    ).resolves.toBe(0);
    expect(mails).toHaveLength(1);
    expect(received).toHaveLength(1);
  });
});
