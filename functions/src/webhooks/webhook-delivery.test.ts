import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliverWebhook } from './webhook-delivery';
import type { Resolve } from './webhook-address';
import { newWebhookSecret, verifyWebhookSignature, WEBHOOK_SIGNATURE } from './webhook-signature';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let port: number;
let received: Received[];
let answerStatus: number;
let answerDelayMs: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => res.writeHead(answerStatus).end('ok'), answerDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answerStatus = 204;
  answerDelayMs = 0;
});

const local = { allowLoopbackHttp: true };
const rawBody = JSON.stringify({ id: 'evt_1', type: 'transformation.succeeded', data: { transformationId: 't1' } });

describe('a webhook delivery attempt', () => {
  it('posts the raw body signed over its timestamp, with the event id, and succeeds on 2xx', async () => {
    const secret = newWebhookSecret();
    const outcome = await deliverWebhook({
      url: `http://127.0.0.1:${port}/hooks`,
      secret,
      eventId: 'evt_1',
      rawBody,
      policy: local,
    });
    expect(outcome).toMatchObject({ delivered: true, status: 204 });
    const [delivery] = received;
    expect(delivery?.body).toBe(rawBody);
    expect(delivery?.headers[WEBHOOK_SIGNATURE.eventIdHeader]).toBe('evt_1');
    expect(delivery?.headers['content-type']).toBe('application/json');
    const header = delivery?.headers[WEBHOOK_SIGNATURE.header] as string;
    expect(verifyWebhookSignature({ secret, header, rawBody: delivery!.body })).toMatchObject({ valid: true });
  });

  it('connects to the address it checked, whatever the name resolves to afterwards (DNS rebinding)', async () => {
    const answers = ['127.0.0.1', '10.0.0.7', '10.0.0.7'];
    let lookups = 0;
    const rebinding: Resolve = () => {
      const address = answers[Math.min(lookups, answers.length - 1)]!;
      lookups += 1;
      return Promise.resolve([{ address, family: 4 }]);
    };
    const outcome = await deliverWebhook({
      url: `http://receiver.test:${port}/hooks`,
      secret: newWebhookSecret(),
      eventId: 'evt_2',
      rawBody,
      policy: local,
      resolve: rebinding,
    });
    expect(outcome).toMatchObject({ delivered: true });
    expect(lookups).toBe(1);
    expect(received[0]?.headers.host).toBe(`receiver.test:${port}`);
  });

  it('refuses before connecting when the name now resolves to a private address', async () => {
    const outcome = await deliverWebhook({
      url: `http://receiver.test:${port}/hooks`,
      secret: newWebhookSecret(),
      eventId: 'evt_3',
      rawBody,
      policy: local,
      resolve: () => Promise.resolve([{ address: '169.254.169.254', family: 4 }]),
    });
    expect(outcome).toMatchObject({ delivered: false, error: 'private-address' });
    expect(received).toHaveLength(0);
  });

  it('refuses loopback http outside the local stack', async () => {
    const outcome = await deliverWebhook({
      url: `http://127.0.0.1:${port}/hooks`,
      secret: newWebhookSecret(),
      eventId: 'evt_4',
      rawBody,
      policy: { allowLoopbackHttp: false },
    });
    expect(outcome).toMatchObject({ delivered: false, error: 'not-https' });
    expect(received).toHaveLength(0);
  });

  it('fails on a non-2xx answer (redirects included), a timeout and a closed port', async () => {
    const base = { secret: newWebhookSecret(), eventId: 'evt_5', rawBody, policy: local };
    answerStatus = 302;
    await expect(deliverWebhook({ ...base, url: `http://127.0.0.1:${port}/` })).resolves.toMatchObject({
      delivered: false,
      status: 302,
      error: 'http-status',
    });
    answerStatus = 500;
    await expect(deliverWebhook({ ...base, url: `http://127.0.0.1:${port}/` })).resolves.toMatchObject({
      delivered: false,
      status: 500,
    });
    answerStatus = 200;
    answerDelayMs = 500;
    await expect(deliverWebhook({ ...base, url: `http://127.0.0.1:${port}/`, timeoutMs: 100 })).resolves.toMatchObject({
      delivered: false,
      error: 'timeout',
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(deliverWebhook({ ...base, url: `http://127.0.0.1:${closedPort}/` })).resolves.toMatchObject({
      delivered: false,
      error: 'connection-failed',
    });
  });
});
