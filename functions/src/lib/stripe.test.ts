import Stripe from 'stripe';
import {
  checkWebhookSignature,
  createStripeRequest,
  encodeForm,
  InvalidWebhookSignature,
  isStripeUnavailable,
  STRIPE_API_VERSION,
  STRIPE_MAX_RETRIES,
  STRIPE_TIMEOUT_MS,
  StripeApiError,
} from './stripe';
import { stripeConfig } from './stripe-sdk';

describe('Stripe configuration', () => {
  it('pins the API version of the installed SDK (an SDK upgrade must revisit the payload shapes)', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('points the SDK at a local stand-in by URL, and at Stripe itself without one', () => {
    expect(stripeConfig('http://127.0.0.1:4242')).toMatchObject({ protocol: 'http', host: '127.0.0.1', port: '4242' });
    const aws = stripeConfig(undefined);
    expect(aws).toMatchObject({ apiVersion: STRIPE_API_VERSION });
    expect(aws).not.toHaveProperty('host');
    // The SDK (scripts, the local seed) waits and retries as the Lambdas' client does.
    expect(aws).toMatchObject({ timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_MAX_RETRIES });
  });

  it('encodes parameters as the SDK does', () => {
    expect(
      decodeURIComponent(
        encodeForm({
          line_items: [{ price: 'p', quantity: 1 }],
          metadata: { a: 'b' },
          expand: ['data.product'],
          x: undefined,
        }),
      ),
    ).toBe('line_items[0][price]=p&line_items[0][quantity]=1&metadata[a]=b&expand[0]=data.product');
  });

  it('accepts exactly what the SDK signs, and refuses anything else', () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }, null, 2);
    const secret = 'whsec_test';
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(checkWebhookSignature(payload, header, secret)).toMatchObject({ id: 'evt_1' });
    const refusals = [
      () => checkWebhookSignature(payload, undefined, secret),
      () => checkWebhookSignature(payload, header, 'whsec_other'),
      () => checkWebhookSignature(payload.replace('evt_1', 'evt_2'), header, secret),
      () => checkWebhookSignature(payload, 't=1,v1=00', secret),
      () => checkWebhookSignature(payload, header, secret, Math.floor(Date.now() / 1000) + 3600),
      // Signed an hour ahead of the receiver's clock: as stale as an hour behind.
      () => checkWebhookSignature(payload, header, secret, Math.floor(Date.now() / 1000) - 3600),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(InvalidWebhookSignature);
  });

  it('treats outages as retryable and request errors as bugs', () => {
    expect(isStripeUnavailable(Object.assign(new Error('down'), { type: 'StripeConnectionError' }))).toBe(true);
    expect(isStripeUnavailable(Object.assign(new Error('5xx'), { type: 'StripeAPIError', statusCode: 502 }))).toBe(
      true,
    );
    expect(
      isStripeUnavailable(Object.assign(new Error('bad'), { type: 'StripeInvalidRequestError', statusCode: 400 })),
    ).toBe(false);
  });
});

/** A Stripe that answers each attempt with the next of `answers` (a status and body, or a thrown error). */
function scriptedStripe(answers: ({ status: number; body: string } | Error | 'hang')[]) {
  const attempts: { url: string; init: RequestInit }[] = [];
  const delays: number[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    attempts.push({ url: String(url), init });
    const answer = answers[attempts.length - 1];
    if (!answer) throw new Error('No answer scripted for this attempt');
    if (answer === 'hang') {
      // Answers only by the end of the request's own time limit.
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    }
    if (answer instanceof Error) throw answer;
    return new Response(answer.body, { status: answer.status });
  };
  const request = createStripeRequest({
    apiKey: async () => 'sk_test_key',
    apiUrl: 'http://stripe.test/',
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => {
      delays.push(ms);
    },
    timeoutMs: 20,
  });
  return { request, attempts, delays };
}

const ok = (body: object) => ({ status: 200, body: JSON.stringify(body) });
const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }),
});

describe('Stripe requests', () => {
  it('sends the key, the pinned version and the form, a GET its parameters in the query', async () => {
    const { request, attempts } = scriptedStripe([ok({ id: 'cus_1' }), ok({ data: [] })]);
    expect(await request('POST', '/v1/customers', { name: 'Agence', metadata: { organizationId: 'o1' } })).toEqual({
      id: 'cus_1',
    });
    await request('GET', '/v1/prices', { active: true });
    const [post, get] = attempts;
    expect(post!.url).toBe('http://stripe.test/v1/customers');
    expect(post!.init).toMatchObject({
      method: 'POST',
      body: 'name=Agence&metadata%5BorganizationId%5D=o1',
      headers: {
        authorization: 'Bearer sk_test_key',
        'stripe-version': STRIPE_API_VERSION,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect((post!.init.headers as Record<string, string>)['idempotency-key']).toMatch(/^vitrine-[0-9a-f-]{36}$/);
    expect(get!.url).toBe('http://stripe.test/v1/prices?active=true');
    expect(get!.init.body).toBeUndefined();
    expect(get!.init.headers).not.toHaveProperty('idempotency-key');
  });

  it.each([
    ['a 409 (a lock held by another request)', stripeError(409, 'invalid_request_error', 'lock', 'lock_timeout')],
    ['a 429 (rate limited)', stripeError(429, 'invalid_request_error', 'too many')],
    ['a 500', stripeError(500, 'api_error', 'oops')],
    ['no answer', new TypeError('fetch failed')],
  ])('retries %s after 300 ms then 600 ms, with the same idempotency key', async (_, failure) => {
    const { request, attempts, delays } = scriptedStripe([failure, failure, ok({ id: 'cs_1' })]);
    expect(await request('POST', '/v1/checkout/sessions', {}, { idempotencyKey: 'checkout_o1' })).toEqual({
      id: 'cs_1',
    });
    expect(attempts).toHaveLength(1 + STRIPE_MAX_RETRIES);
    expect(delays).toEqual([300, 600]);
    const keys = attempts.map(({ init }) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toEqual(['checkout_o1', 'checkout_o1', 'checkout_o1']);
  });

  it('keeps one generated idempotency key across the attempts of a POST', async () => {
    const { request, attempts } = scriptedStripe([new TypeError('fetch failed'), ok({ id: 'cus_1' })]);
    await request('POST', '/v1/customers', { name: 'Agence' });
    const [first, second] = attempts.map(({ init }) => (init.headers as Record<string, string>)['idempotency-key']);
    expect(first).toBe(second);
  });

  it('gives up after the last retry: its error says whether Stripe answered', async () => {
    const down = scriptedStripe([new TypeError('a'), new TypeError('b'), new TypeError('c')]);
    const noAnswer = await down.request('GET', '/v1/prices').catch((error: unknown) => error);
    expect(noAnswer).toBeInstanceOf(StripeApiError);
    expect(noAnswer).toMatchObject({ type: 'StripeConnectionError', statusCode: undefined });
    expect(isStripeUnavailable(noAnswer)).toBe(true);

    const failing = stripeError(503, 'api_error', 'Stripe is down');
    const busy = scriptedStripe([failing, failing, failing]);
    const answer = await busy.request('GET', '/v1/prices').catch((error: unknown) => error);
    expect(answer).toMatchObject({ type: 'StripeAPIError', statusCode: 503, message: 'Stripe is down' });
    expect(busy.attempts).toHaveLength(3);
    expect(busy.delays).toEqual([300, 600]);
  });

  it('ends an attempt that takes longer than its time limit, and retries it', async () => {
    const { request, attempts } = scriptedStripe(['hang', 'hang', ok({ id: 'price_1' })]);
    expect(await request('GET', '/v1/prices/price_1')).toEqual({ id: 'price_1' });
    expect(attempts).toHaveLength(3);
    expect(attempts.every(({ init }) => init.signal instanceof AbortSignal)).toBe(true);

    const silent = scriptedStripe(['hang', 'hang', 'hang']);
    await expect(silent.request('GET', '/v1/prices')).rejects.toMatchObject({ type: 'StripeConnectionError' });
  });

  it.each([
    [400, 'StripeInvalidRequestError', 'invalid_request_error'],
    [401, 'StripeAuthenticationError', 'invalid_request_error'],
    [404, 'StripeInvalidRequestError', 'invalid_request_error'],
  ])("does not retry a %i: it throws %s with the answer's message and code", async (status, errorType, type) => {
    const { request, attempts, delays } = scriptedStripe([
      stripeError(status, type, 'No such price', 'resource_missing'),
    ]);
    await expect(request('GET', '/v1/prices/price_x')).rejects.toMatchObject({
      type: errorType,
      statusCode: status,
      message: 'No such price',
      code: 'resource_missing',
    });
    expect(attempts).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("names the status when the error answer is not Stripe's envelope (a proxy page)", async () => {
    const { request } = scriptedStripe([{ status: 403, body: '<html>Forbidden</html>' }]);
    await expect(request('GET', '/v1/prices')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 403,
      message: 'Stripe answered 403',
    });
  });
});
