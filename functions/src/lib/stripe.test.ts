import Stripe from 'stripe';
import { isStripeUnavailable, STRIPE_API_VERSION, stripeConfig } from './stripe';

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
