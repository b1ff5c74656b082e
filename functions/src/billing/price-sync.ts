/**
 * Puts the shared PLANS into a Stripe account: one product and one monthly price per plan, the
 * price found by its lookup key. Idempotent: a second run changes nothing; a changed amount or
 * interval creates a new price that takes the lookup key over (Stripe prices are immutable), so
 * the app follows it without a deploy. Used by `npm run stripe:sync -- --stage <stage>` and by
 * the local stack at start against the local Stripe stand-in.
 */
import type Stripe from 'stripe';
import { DEFAULT_PLAN_FEATURES, PLANS, type Plan } from '@vitrine/shared';

export type SyncAction = 'unchanged' | 'created' | 'replaced' | 'product-updated';

export interface PlanSyncResult {
  planId: Plan['id'];
  priceId: string;
  productId: string;
  action: SyncAction;
}

function productFields(plan: Plan) {
  return {
    name: `Vitrine ${plan.name}`,
    description: plan.description,
    marketing_features: DEFAULT_PLAN_FEATURES[plan.id].map((name) => ({ name })),
    metadata: { planId: plan.id, credits: String(plan.credits) },
  };
}

function priceMatches(price: Stripe.Price, plan: Plan): boolean {
  return (
    price.unit_amount === plan.amount &&
    price.currency === plan.currency &&
    price.recurring?.interval === plan.interval &&
    price.recurring?.interval_count === 1
  );
}

function productMatches(product: Stripe.Product, plan: Plan): boolean {
  const wanted = productFields(plan);
  return (
    product.active &&
    product.name === wanted.name &&
    product.description === wanted.description &&
    JSON.stringify(product.marketing_features.map((f) => f.name)) ===
      JSON.stringify(wanted.marketing_features.map((f) => f.name)) &&
    product.metadata?.planId === plan.id &&
    product.metadata?.credits === wanted.metadata.credits
  );
}

async function createPrice(stripe: Stripe, plan: Plan, productId: string, transfer: boolean): Promise<Stripe.Price> {
  return stripe.prices.create({
    product: productId,
    unit_amount: plan.amount,
    currency: plan.currency,
    recurring: { interval: plan.interval, interval_count: 1 },
    lookup_key: plan.stripeLookupKey,
    transfer_lookup_key: transfer,
    // Seen in the Stripe dashboard only (ops), not by users.
    nickname: `${plan.id} monthly, ${plan.credits} credits`,
    metadata: { planId: plan.id },
  });
}

export async function syncPlan(stripe: Stripe, plan: Plan): Promise<PlanSyncResult> {
  const { data } = await stripe.prices.list({
    lookup_keys: [plan.stripeLookupKey],
    expand: ['data.product'],
    limit: 1,
  });
  const existing = data[0];
  const product =
    existing && typeof existing.product === 'object' && !('deleted' in existing.product && existing.product.deleted)
      ? (existing.product as Stripe.Product)
      : undefined;

  if (!existing || !product) {
    const created = await stripe.products.create(productFields(plan));
    const price = await createPrice(stripe, plan, created.id, Boolean(existing));
    return { planId: plan.id, priceId: price.id, productId: created.id, action: 'created' };
  }

  let action: SyncAction = 'unchanged';
  if (!productMatches(product, plan)) {
    await stripe.products.update(product.id, { ...productFields(plan), active: true });
    action = 'product-updated';
  }
  if (existing.active && priceMatches(existing, plan)) {
    return { planId: plan.id, priceId: existing.id, productId: product.id, action };
  }
  const price = await createPrice(stripe, plan, product.id, true);
  // The old price keeps its subscribers until they change plan; it is no longer offered.
  if (existing.active) await stripe.prices.update(existing.id, { active: false });
  return { planId: plan.id, priceId: price.id, productId: product.id, action: 'replaced' };
}

export async function syncPlans(stripe: Stripe): Promise<PlanSyncResult[]> {
  const results: PlanSyncResult[] = [];
  for (const plan of PLANS) results.push(await syncPlan(stripe, plan));
  return results;
}
