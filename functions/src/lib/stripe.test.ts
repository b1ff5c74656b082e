import Stripe from 'stripe';
import {
  checkWebhookSignature,
  encodeForm,
  InvalidWebhookSignature,
  isStripeUnavailable,
  STRIPE_API_VERSION,
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
