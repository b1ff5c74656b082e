/**
 * The webhook route as deployed: the raw body reaches the signature check, and only a delivery
 * signed with the endpoint's secret is processed. Table from env (dynalite), as in Lambda.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { BILLING_API_TEXTS } from '@vitrine/shared';
import type { HttpEvent, HttpResponse } from '../lib/http-types';
import { startLocalTable, type LocalTable } from '../testing/local-aws';

const SECRET = 'whsec_unit_test_secret';
let table: LocalTable;
let handler: (event: HttpEvent, context: unknown) => Promise<HttpResponse>;
const saved = { ...process.env };

beforeAll(async () => {
  table = await startLocalTable('vitrine-billing-handler-test');
  const endpoint = await table.ddb.config.endpoint!();
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-3',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: `${endpoint.protocol}//${endpoint.hostname}:${endpoint.port}`,
    TABLE_NAME: table.tableName,
    APP_URL: 'http://localhost:3000',
    STRIPE_API_KEY: 'sk_test_unit',
    // Nothing listens there: a test reaching Stripe would fail loudly.
    STRIPE_API_URL: 'http://127.0.0.1:9',
    STRIPE_WEBHOOK_SIGNING_KEY: SECRET,
  });
  ({ handler } = (await import('./billing')) as unknown as { handler: typeof handler });
});
afterAll(async () => {
  process.env = saved;
  await table.close();
});
beforeEach(() => {
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function webhookEvent(body: string, signature?: string): HttpEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/billing/webhook',
    rawPath: '/api/billing/webhook',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/billing/webhook' } },
  } as unknown as HttpEvent;
}

const context = { awsRequestId: 'req-1' };
const sign = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

/** A paid invoice of a customer that is no organization's: processed, and acknowledged without Stripe calls. */
function invoicePaid(id: string): string {
  // Pretty-printed on purpose: the signature covers these exact bytes, not a re-serialisation.
  return JSON.stringify(
    { id, object: 'event', type: 'invoice.paid', data: { object: { id: 'in_1', customer: 'cus_nobody' } } },
    null,
    2,
  );
}

async function marker(eventId: string) {
  const { Item } = await table.ddb.send(
    new GetCommand({ TableName: table.tableName, Key: { pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' } }),
  );
  return Item;
}

describe('POST /api/billing/webhook', () => {
  it('processes a delivery signed over its raw body, once', async () => {
    const body = invoicePaid('evt_signed');
    const response = await handler(webhookEvent(body, sign(body)), context);
    expect([response.statusCode, JSON.parse(response.body ?? '')]).toEqual([200, { received: true }]);
    expect(await marker('evt_signed')).toMatchObject({ type: 'invoice.paid' });
  });

  it.each([
    ['unsigned', (body: string) => webhookEvent(body)],
    ['signed with another secret', (body: string) => webhookEvent(body, sign(body, 'whsec_forger'))],
    ['altered after signing', (body: string) => webhookEvent(body.replace('cus_nobody', 'cus_victim'), sign(body))],
    ['a garbled signature', (body: string) => webhookEvent(body, 't=1,v1=00')],
  ])('refuses a delivery %s with a 400 and changes nothing', async (_case, build) => {
    const id = `evt_${_case.replace(/\W/g, '_')}`;
    const response = await handler(build(invoicePaid(id)), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ message: BILLING_API_TEXTS.invalidSignature });
    expect(await marker(id)).toBeUndefined();
  });

  it('refuses a correctly signed but stale delivery (replay of a captured request)', async () => {
    const body = invoicePaid('evt_stale');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await handler(webhookEvent(body, signature), context)).statusCode).toBe(400);
    expect(await marker('evt_stale')).toBeUndefined();
  });

  it('refuses a delivery signed with a timestamp beyond the tolerance in the future', async () => {
    const body = invoicePaid('evt_future');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect((await handler(webhookEvent(body, signature), context)).statusCode).toBe(400);
    expect(await marker('evt_future')).toBeUndefined();
  });

  it.each([
    ['without data.object', { id: 'evt_no_object', type: 'invoice.paid', data: {} }],
    ['without data', { id: 'evt_no_data', type: 'customer.subscription.updated' }],
    ['whose object is a string', { id: 'evt_string', type: 'checkout.session.completed', data: { object: 'cs_1' } }],
    [
      'whose invoice lines have no period',
      {
        id: 'evt_lines',
        type: 'invoice.paid',
        data: { object: { id: 'in_2', customer: 'cus_x', lines: { data: [{}] } } },
      },
    ],
    ['that is not an object', ['evt_array']],
  ])('answers 400 (never 500) to a well-signed event %s, and records nothing', async (_case, shape) => {
    const body = JSON.stringify(shape);
    const response = await handler(webhookEvent(body, sign(body)), context);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body ?? '')).toMatchObject({ message: BILLING_API_TEXTS.unexpectedEvent });
    const id = (shape as { id?: string }).id;
    if (id) expect(await marker(id)).toBeUndefined();
  });
});
