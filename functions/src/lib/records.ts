/**
 * The DynamoDB items of the single table (docs/architecture.md, data model), as stored.
 * API shapes live in @vitrine/shared; modules convert between the two.
 */
import type { Plan, Role } from '@vitrine/shared';

export interface UserRecord {
  pk: `USER#${string}`;
  sk: 'PROFILE';
  /** Set when the user belongs to an organization (members query). */
  gsi1pk?: `ORG#${string}`;
  gsi1sk?: `USER#${string}`;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  roles: Role[];
  organizationId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The organization's subscription as last read from Stripe (webhooks are its only writer). */
export interface SubscriptionRecord {
  status: string;
  currentPeriodEnd: string | null;
  planId: Plan['id'];
  /** Stripe subscription id (absent on items written before billing existed). */
  id?: string;
  /** Stripe price id of the subscription's item. */
  priceId?: string;
  currentPeriodStart?: string | null;
  /** When this state was read from Stripe: an older read never overwrites a newer one. */
  syncedAt?: string;
}

/** The open Checkout Session of an organization: returned again instead of opening a second one. */
export interface CheckoutSessionRecord {
  id: string;
  priceId: string;
  url: string;
  createdAt: string;
}

export interface OrganizationRecord {
  pk: `ORG#${string}`;
  sk: 'ORG';
  /** Set once the organization has a Stripe customer (webhook lookup). */
  gsi1pk?: `STRIPE#${string}`;
  gsi1sk?: 'ORG';
  id: string;
  name: string;
  stripeCustomerId: string | null;
  creditBalance: number;
  subscription: SubscriptionRecord | null;
  /** Open credit reservations: transformation id -> ISO date (architecture decision 4). */
  reservations?: Record<string, string>;
  /** The plan whose monthly credits the current period's balance holds (upgrades add the difference). */
  creditPlanId?: Plan['id'];
  /** Start (ISO) of the billing period the balance was last reset for. */
  creditPeriodStart?: string;
  /** When the balance was last reset: reservations taken before it are not refunded. */
  creditsResetAt?: string;
  /** The invoice whose payment last reset the balance (a retried grant recognises itself). */
  creditInvoiceId?: string;
  checkoutSession?: CheckoutSessionRecord;
  createdAt: string;
  updatedAt: string;
}

export interface LedgerRecord {
  pk: `ORG#${string}`;
  sk: `LEDGER#${string}#${'reserve' | 'refund' | 'grant'}`;
  /** Absent only on a grant whose entry was repaired after a crash (the old balance is unknown). */
  delta?: number;
  balanceAfter: number;
  createdAt: string;
}

/** A Stripe event already processed: a replay or a duplicate delivery changes nothing. */
export interface StripeEventRecord {
  pk: `STRIPE_EVENT#${string}`;
  sk: 'EVENT';
  type: string;
  processedAt: string;
  /** Epoch seconds: the table's TTL removes the marker after Stripe's replay window. */
  expiresAt: number;
}
