/**
 * Organizations: creation by a user who has none (they become its org_owner) and the Stripe
 * customer every organization is billed through. Rather than one transaction, the
 * writes are ordered so that a failure leaves nothing half-made that a user could see:
 * the organization item, then the conditional claim of the user record (undone when a concurrent
 * creation won), and only then the Stripe customer, so concurrent creations by one user make one
 * customer, not one per request (decision 080). When Stripe does not answer at that point, the
 * organization stays without a customer; checkout creates it on first need (ensureStripeCustomer).
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BILLING_API_TEXTS } from '@vitrine/shared';
import type { StripeGateway } from '../billing/stripe-gateway';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import type { TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import { Conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import type { OrganizationRecord, UserRecord } from '../lib/records';
import {
  createOrganizationRecord,
  deleteOrganizationRecord,
  type NewOrganization,
  readOrganization,
  setStripeCustomer,
} from './organization-record';
import { isStripeUnavailable } from '../lib/stripe';

export interface OrganizationDeps extends TableDeps {
  stripe: StripeGateway;
  now?: () => Date;
  newId?: () => string;
}

const customerIdempotencyKey = (orgId: string) => `organization-customer_${orgId}`;

export async function createOrganization(
  deps: OrganizationDeps,
  user: UserRecord,
  name: string,
): Promise<{ id: string; name: string }> {
  if (user.organizationId) throw new Conflict(BILLING_API_TEXTS.alreadyInOrganization);
  const id = deps.newId?.() ?? randomUUID();
  const now = (deps.now?.() ?? new Date()).toISOString();
  const organization: NewOrganization = {
    id,
    name,
    stripeCustomerId: null,
    creditBalance: 0,
    subscription: null,
    reservations: {},
    createdAt: now,
    updatedAt: now,
  };
  // A fresh random id: never taken, unless something is badly wrong.
  if (!(await createOrganizationRecord(deps, organization))) throw new Error(`Organization ${id} exists already`);
  if (!(await claimOwnership(deps, user, id, now))) {
    // A concurrent request made this user another organization's owner first.
    await deleteOrganizationRecord(deps, id);
    throw new Conflict(BILLING_API_TEXTS.alreadyInOrganization);
  }
  try {
    await ensureStripeCustomer(deps, organization, user.email);
  } catch (error) {
    if (!isStripeUnavailable(error)) throw error;
    logger.warn('Stripe customer not created yet: checkout will create it', { organizationId: id, error });
  }
  return { id, name };
}

/** Makes the user the organization's owner, unless they belong to an organization already. */
async function claimOwnership(deps: TableDeps, user: UserRecord, orgId: string, now: string): Promise<boolean> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.user(user.id),
        UpdateExpression:
          'SET organizationId = :org, #roles = :roles, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(organizationId) OR organizationId = :none)',
        ExpressionAttributeNames: { '#roles': 'roles' },
        ExpressionAttributeValues: {
          ':org': orgId,
          ':roles': ['org_owner'],
          ':gsi1pk': gsi1Keys.member(orgId, user.email).gsi1pk,
          ':gsi1sk': gsi1Keys.member(orgId, user.email).gsi1sk,
          ':now': now,
          ':none': null,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * The organization's Stripe customer, created on first need for an organization that has none
 * (one made before billing existed). The idempotency key and the conditional write make
 * concurrent callers agree on one customer.
 */
export async function ensureStripeCustomer(
  deps: OrganizationDeps,
  organization: Pick<OrganizationRecord, 'id' | 'name' | 'stripeCustomerId'>,
  email?: string,
): Promise<string> {
  if (organization.stripeCustomerId) return organization.stripeCustomerId;
  const customerId = await deps.stripe.createCustomer(
    { organizationId: organization.id, name: organization.name, email },
    customerIdempotencyKey(organization.id),
  );
  if (await setStripeCustomer(deps, organization.id, customerId)) return customerId;
  // Another caller stored its customer first (the same one: the idempotency key), or the organization is gone.
  const stored = (await readOrganization(deps, organization.id))?.stripeCustomerId;
  if (!stored) throw new Error(`Organization ${organization.id} not found`);
  return stored;
}
