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

export interface SubscriptionRecord {
  status: string;
  currentPeriodEnd: string | null;
  planId: Plan['id'];
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
  createdAt: string;
  updatedAt: string;
}

export interface LedgerRecord {
  pk: `ORG#${string}`;
  sk: `LEDGER#${string}#${'reserve' | 'refund' | 'grant'}`;
  delta: number;
  balanceAfter: number;
  createdAt: string;
}
