import type Stripe from 'stripe';
import { toStripeSubscription } from './stripe-gateway';

const subscription = (fields: Partial<Stripe.Subscription>) =>
  ({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    created: 1_700_000_000,
    cancel_at: null,
    cancel_at_period_end: false,
    items: {
      data: [
        { id: 'si_1', price: { id: 'price_1', lookup_key: 'k' }, current_period_start: 1, current_period_end: 2_000 },
      ],
    },
    ...fields,
  }) as unknown as Stripe.Subscription;

describe('toStripeSubscription: when a subscription set to end ends (decision 095)', () => {
  it('is null while it renews, cancel_at when set, else the period end with cancel_at_period_end', () => {
    expect(toStripeSubscription(subscription({})).cancelAt).toBeNull();
    expect(toStripeSubscription(subscription({ cancel_at: 1_500, cancel_at_period_end: true })).cancelAt).toBe(1_500);
    expect(toStripeSubscription(subscription({ cancel_at_period_end: true })).cancelAt).toBe(2_000);
    expect(toStripeSubscription(subscription({ status: 'canceled', cancel_at: 1_500 })).cancelAt).toBeNull();
  });
});
