/**
 * The demo organization's billing in the local Stripe: a customer and an active 'Agence'
 * subscription paid by the test card, so the portal and plan changes work on the demo account.
 * The seed writes the state Stripe's webhooks would write (same shapes), so the demo is active
 * with its 100 credits at once; the webhooks that follow find it already there.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { DEMO_ACCOUNT, findPlan } from '@vitrine/shared';
import { isoFromUnix } from '../../functions/src/billing/subscription-sync';
import { toStripeSubscription } from '../../functions/src/billing/stripe-gateway';
import type { TableDeps } from '../../functions/src/lib/aws/dynamodb';
import { gsi1Keys, keys } from '../../functions/src/lib/keys';
import type { LedgerRecord, OrganizationRecord, SubscriptionRecord } from '../../functions/src/lib/records';
import { readOrganization, updateOrganization } from '../../functions/src/organizations/organization-record';

const DEMO_PLAN = findPlan('agence')!;

/** What the seed stores on the organization for its Stripe subscription, and the paid invoice. */
export interface DemoBilling {
  customerId: string;
  subscription: SubscriptionRecord;
  invoiceId: string;
  /** The organization attributes of the period's credit grant (credits/credits.ts). */
  grant: Pick<OrganizationRecord, 'creditPlanId' | 'creditPeriodStart' | 'creditInvoiceId' | 'creditsResetAt'>;
}

export async function createDemoSubscription(stripe: Stripe, organizationId: string): Promise<DemoBilling> {
  const [price] = (await stripe.prices.list({ lookup_keys: [DEMO_PLAN.stripeLookupKey], active: true, limit: 1 })).data;
  if (!price) throw new Error(`No Stripe price ${DEMO_PLAN.stripeLookupKey}: run the price sync first`);
  const customer = await stripe.customers.create({
    name: DEMO_ACCOUNT.organizationName,
    email: DEMO_ACCOUNT.email,
    metadata: { organizationId },
  });
  const created = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price.id }],
    default_payment_method: 'pm_card_visa',
    metadata: { organizationId },
  });
  const subscription = toStripeSubscription(created);
  if (subscription.status !== 'active') throw new Error(`The demo subscription is ${subscription.status}`);
  const invoiceId = typeof created.latest_invoice === 'string' ? created.latest_invoice : created.latest_invoice?.id;
  if (!invoiceId) throw new Error('The demo subscription has no invoice');
  const now = new Date().toISOString();
  const periodStart = isoFromUnix(subscription.currentPeriodStart)!;
  return {
    customerId: customer.id,
    subscription: {
      id: subscription.id,
      status: subscription.status,
      planId: DEMO_PLAN.id,
      priceId: price.id,
      currentPeriodStart: periodStart,
      currentPeriodEnd: isoFromUnix(subscription.currentPeriodEnd),
      syncedAt: now,
    },
    invoiceId,
    grant: {
      creditPlanId: DEMO_PLAN.id,
      creditPeriodStart: periodStart,
      creditInvoiceId: invoiceId,
      creditsResetAt: now,
    },
  };
}

/** The ledger entry of the demo's first period: the seed grants it (the invoice's webhook finds it). */
export function demoGrantEntry(organizationId: string, billing: DemoBilling, delta: number, balance: number) {
  return {
    ...keys.ledger(organizationId, billing.invoiceId, 'grant'),
    kind: 'grant',
    reason: 'period',
    invoiceId: billing.invoiceId,
    planId: DEMO_PLAN.id,
    delta,
    balanceAfter: balance,
    createdAt: billing.grant.creditsResetAt!,
  } satisfies LedgerRecord;
}

async function customerExists(stripe: Stripe, customerId: string): Promise<boolean> {
  try {
    const customer = await stripe.customers.retrieve(customerId);
    return !('deleted' in customer && customer.deleted);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return false;
    throw error;
  }
}

/**
 * An existing demo organization without a customer in this Stripe (a data directory from before
 * billing, or a wiped Stripe state) gets one and a subscription; its credit balance is left alone.
 */
export async function repairDemoBilling(deps: TableDeps, stripe: Stripe, organizationId: string): Promise<void> {
  const organization = await readOrganization(deps, organizationId);
  if (!organization) return;
  if (organization.stripeCustomerId && (await customerExists(stripe, organization.stripeCustomerId))) return;
  const billing = await createDemoSubscription(stripe, organizationId);
  await updateOrganization(deps, organizationId, {
    UpdateExpression:
      'SET stripeCustomerId = :customer, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, subscription = :subscription, creditPlanId = :plan, creditPeriodStart = :period, creditInvoiceId = :invoice, creditsResetAt = :resetAt',
    ExpressionAttributeValues: {
      ':customer': billing.customerId,
      ':gsi1pk': gsi1Keys.stripeCustomer(billing.customerId).gsi1pk,
      ':gsi1sk': gsi1Keys.stripeCustomer(billing.customerId).gsi1sk,
      ':subscription': billing.subscription,
      ':plan': billing.grant.creditPlanId,
      ':period': billing.grant.creditPeriodStart,
      ':invoice': billing.grant.creditInvoiceId,
      ':resetAt': billing.grant.creditsResetAt,
    },
  });
  // No balance change: the entry records the period as granted at the balance kept.
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: keys.ledger(organizationId, billing.invoiceId, 'grant'),
      UpdateExpression:
        'SET kind = :kind, reason = :reason, invoiceId = :invoice, planId = :plan, delta = :zero, balanceAfter = :balance, createdAt = :at',
      ExpressionAttributeValues: {
        ':kind': 'grant',
        ':reason': 'period',
        ':invoice': billing.invoiceId,
        ':plan': DEMO_PLAN.id,
        ':zero': 0,
        ':balance': organization.creditBalance,
        ':at': billing.grant.creditsResetAt,
      },
    }),
  );
}
