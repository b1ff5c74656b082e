/**
 * Stripe webhook events (signature already verified by the handler). Each event id is processed
 * once; its marker is written after its effects, so a delivery that failed midway is retried by
 * Stripe and processed again in full. Every effect is idempotent on its own as well: subscription
 * state is re-read from Stripe (order does not matter) and credits are granted once per invoice.
 */
import type Stripe from 'stripe';
import { findPlan, type Plan } from '@vitrine/shared';
import { grantPeriodCredits, type GrantResult } from '../credits/credits';
import { clearCheckoutSession } from '../organizations/organization-record';
import { isEventProcessed, markEventProcessed } from './billing-store';
import { isoFromUnix, planOfSubscription, syncCustomer, type BillingDeps, type SyncResult } from './subscription-sync';
import { toStripeInvoice, type StripeInvoice } from './stripe-gateway';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** Invoices that open a billing period; proration invoices of a plan change (`subscription_update`) do not. */
const PERIOD_INVOICE_REASONS = new Set(['subscription_create', 'subscription_cycle']);

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True when a (well-signed) body has the shape processing reads: an id, a type, `data.object`;
 * for the events we handle, the object's id, and an invoice's lines with their periods. Anything
 * else is answered 400 by the route: retrying it would fail the same way, and a 500 would say the
 * fault is ours.
 */
export function isProcessableEvent(event: unknown): event is Stripe.Event {
  if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') return false;
  if (!isRecord(event.data) || !isRecord(event.data.object)) return false;
  if (!HANDLED.has(event.type)) return true;
  const object = event.data.object;
  if (typeof object.id !== 'string') return false;
  if (event.type !== 'invoice.paid' || object.lines === undefined) return true;
  if (!isRecord(object.lines) || !Array.isArray(object.lines.data)) return false;
  return object.lines.data.every(
    (line: unknown) =>
      isRecord(line) &&
      isRecord(line.period) &&
      typeof line.period.start === 'number' &&
      typeof line.period.end === 'number',
  );
}

export async function processStripeEvent(deps: BillingDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  if (await isEventProcessed(deps, event.id)) return 'duplicate';

  const object = event.data.object as unknown as Record<string, unknown>;
  const customerId = idOf(object.customer);
  if (customerId) {
    const synced = await syncCustomer(deps, customerId);
    if (synced && event.type === 'checkout.session.completed') {
      await clearCheckoutSession(deps, synced.organization.id, String(object.id));
    }
    if (synced && event.type === 'invoice.paid') {
      await grantForInvoice(deps, synced, toStripeInvoice(event.data.object as Stripe.Invoice));
    }
  }
  await markEventProcessed(deps, event.id, event.type, deps.now?.());
  return 'processed';
}

/**
 * The credits of a paid period invoice: the plan it bills, or, when the subscription has changed
 * plan within that same period since, the larger of the two (an upgrade counts at once, a
 * downgrade waits for the next period).
 */
export async function grantForInvoice(
  deps: BillingDeps,
  synced: SyncResult,
  invoice: StripeInvoice,
): Promise<GrantResult | undefined> {
  if (!invoice.billingReason || !PERIOD_INVOICE_REASONS.has(invoice.billingReason)) return undefined;
  const line = invoice.lines.find((candidate) => !candidate.proration && candidate.priceId);
  if (!line?.priceId) return undefined;
  const invoicedPlan = await deps.catalog.planForPriceId(line.priceId);
  const periodStart = isoFromUnix(line.periodStart);
  if (!invoicedPlan || !periodStart) return undefined;

  let plan: Plan = invoicedPlan;
  const subscription = synced.subscription;
  if (
    subscription &&
    subscription.id === invoice.subscriptionId &&
    isoFromUnix(subscription.currentPeriodStart) === periodStart
  ) {
    const current = synced.plan ?? (await planOfSubscription(deps.catalog, subscription));
    if (current && current.credits > plan.credits) plan = findPlan(current.id) ?? plan;
  }
  return grantPeriodCredits(deps, synced.organization.id, {
    invoiceId: invoice.id,
    planId: plan.id,
    credits: plan.credits,
    periodStart,
  });
}
