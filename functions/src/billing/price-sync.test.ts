import type Stripe from 'stripe';
import { PLANS, type Plan } from '@vitrine/shared';
import { syncPlans } from './price-sync';

/** Stripe's products and prices as the sync uses them: lookup keys unique, prices immutable. */
function fakeStripe() {
  const products = new Map<string, Stripe.Product>();
  const prices: Stripe.Price[] = [];
  let counter = 0;
  const stripe = {
    products: {
      create: jest.fn(async (params: Stripe.ProductCreateParams) => {
        const product = {
          id: `prod_${++counter}`,
          active: true,
          name: params.name,
          description: params.description ?? null,
          marketing_features: params.marketing_features ?? [],
          metadata: params.metadata ?? {},
        } as unknown as Stripe.Product;
        products.set(product.id, product);
        return product;
      }),
      update: jest.fn(async (id: string, params: Stripe.ProductUpdateParams) => {
        Object.assign(products.get(id)!, params);
        return products.get(id)!;
      }),
    },
    prices: {
      list: jest.fn(async (params: Stripe.PriceListParams) => ({
        data: prices
          .filter((price) => params.lookup_keys?.includes(price.lookup_key ?? ''))
          .map((price) => ({ ...price, product: products.get(price.product as string)! })),
      })),
      create: jest.fn(async (params: Stripe.PriceCreateParams) => {
        const holder = prices.find((price) => price.lookup_key === params.lookup_key);
        if (holder && !params.transfer_lookup_key) throw new Error('lookup_key already in use');
        if (holder) holder.lookup_key = null;
        const price = {
          id: `price_${++counter}`,
          active: true,
          product: params.product,
          unit_amount: params.unit_amount,
          currency: params.currency,
          recurring: params.recurring,
          lookup_key: params.lookup_key,
        } as unknown as Stripe.Price;
        prices.push(price);
        return price;
      }),
      update: jest.fn(async (id: string, params: Stripe.PriceUpdateParams) => {
        Object.assign(
          prices.find((price) => price.id === id)!,
          params,
        );
      }),
    },
  };
  return { stripe, products, prices };
}

describe('syncPlans', () => {
  it('creates each plan once, then changes nothing', async () => {
    const { stripe, products, prices } = fakeStripe();
    const first = await syncPlans(stripe as unknown as Stripe);
    expect(first.map((r) => [r.planId, r.action])).toEqual([
      ['mandataire', 'created'],
      ['agence', 'created'],
    ]);
    expect(prices.map((p) => [p.lookup_key, p.unit_amount, p.recurring?.interval])).toEqual(
      PLANS.map((plan) => [plan.stripeLookupKey, plan.amount, 'month']),
    );
    expect([...products.values()].map((p) => p.metadata.planId)).toEqual(['mandataire', 'agence']);

    const second = await syncPlans(stripe as unknown as Stripe);
    expect(second.map((r) => r.action)).toEqual(['unchanged', 'unchanged']);
    expect(second.map((r) => r.priceId)).toEqual(first.map((r) => r.priceId));
    expect(stripe.products.create).toHaveBeenCalledTimes(2);
    expect(stripe.prices.create).toHaveBeenCalledTimes(2);
  });

  it('moves the lookup key to a new price when an amount changes, and retires the old one', async () => {
    const { stripe, prices } = fakeStripe();
    const [before] = await syncPlans(stripe as unknown as Stripe);
    (PLANS[0] as { amount: number }).amount = 3900;
    try {
      const [after] = await syncPlans(stripe as unknown as Stripe);
      expect(after).toMatchObject({ planId: 'mandataire', action: 'replaced', productId: before!.productId });
      expect(prices.find((p) => p.id === before!.priceId)).toMatchObject({ active: false, lookup_key: null });
      expect(prices.find((p) => p.id === after!.priceId)).toMatchObject({
        unit_amount: 3900,
        lookup_key: (PLANS[0] as Plan).stripeLookupKey,
      });
    } finally {
      (PLANS[0] as { amount: number }).amount = 2900;
    }
  });
});
