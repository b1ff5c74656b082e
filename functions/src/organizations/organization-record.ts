/**
 * The organization item (pk `ORG#<id>`, sk `ORG`; lib/records.ts OrganizationRecord): the one
 * module that reads and writes it (decision 076). Its fields have one writer each: the
 * organization's creation and Stripe customer (organizations/), the subscription and the open
 * Checkout Session (billing/, from Stripe reads only), the balance, reservations and grants
 * (credits/, through `updateOrganization` with their conditions), the team version (team/).
 *
 * Each read states the consistency it needs, once, here:
 * - `readOrganization`, strongly consistent: what a decision is taken on (billing, seats, the
 *   Stripe customer) and what a caller who just changed it reads back.
 * - `readOrganizationView`, eventually consistent (half the read cost): the balance and the
 *   subscription shown with a view (profile, transformation status) or checked before the
 *   conditional reservation that decides for good (a transformation's start).
 * - `readOrganizationFields`, strongly consistent, named fields only: why a credits condition failed.
 * - `findOrganizationByCustomer`: the gsi1 index (eventually consistent by nature), then `readOrganization`.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { firstOnGsi1, isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import type { CheckoutSessionRecord, OrganizationRecord, SubscriptionRecord } from '../lib/records';

async function getItem(
  { ddb, tableName }: TableDeps,
  orgId: string,
  consistent: boolean,
  projection?: string,
): Promise<OrganizationRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName,
      Key: keys.organization(orgId),
      ...(consistent ? { ConsistentRead: true } : {}),
      ...(projection ? { ProjectionExpression: projection } : {}),
    }),
  );
  return Item as OrganizationRecord | undefined;
}

/** Strongly consistent: for decisions taken on the organization, and reads after its own changes. */
export function readOrganization(deps: TableDeps, orgId: string): Promise<OrganizationRecord | undefined> {
  return getItem(deps, orgId, true);
}

/** Eventually consistent: for views, and checks a conditional write decides again. */
export function readOrganizationView(deps: TableDeps, orgId: string): Promise<OrganizationRecord | undefined> {
  return getItem(deps, orgId, false);
}

/** Strongly consistent, these fields only. */
export async function readOrganizationFields<F extends keyof OrganizationRecord>(
  deps: TableDeps,
  orgId: string,
  fields: readonly F[],
): Promise<Pick<OrganizationRecord, F> | undefined> {
  return getItem(deps, orgId, true, fields.join(', '));
}

/** The organization owning a Stripe customer (gsi1 `STRIPE#<customerId>`). */
export async function findOrganizationByCustomer(
  deps: TableDeps,
  customerId: string,
): Promise<OrganizationRecord | undefined> {
  const found = await firstOnGsi1<OrganizationRecord>(deps, gsi1Keys.stripeCustomer(customerId).gsi1pk);
  // The index is eventually consistent: read the item itself for the current state.
  return found ? readOrganization(deps, found.id) : undefined;
}

/** A new organization's fields: its keys, and its index entry when it has a Stripe customer, are added here. */
export type NewOrganization = Omit<OrganizationRecord, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk'>;

/** Writes a new organization; false when one with this id exists already (left as it is). */
export async function createOrganizationRecord(deps: TableDeps, organization: NewOrganization): Promise<boolean> {
  const record: OrganizationRecord = {
    ...keys.organization(organization.id),
    ...(organization.stripeCustomerId ? gsi1Keys.stripeCustomer(organization.stripeCustomerId) : {}),
    ...organization,
  };
  try {
    await deps.ddb.send(
      new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Removes an organization nobody was given (a creation that lost its race). */
export async function deleteOrganizationRecord(deps: TableDeps, orgId: string): Promise<void> {
  await deps.ddb.send(new DeleteCommand({ TableName: deps.tableName, Key: keys.organization(orgId) }));
}

/** An update of the item: its expressions, condition and return values; the key is this module's. */
export type OrganizationUpdate = Omit<UpdateCommandInput, 'TableName' | 'Key'>;

/**
 * Applies an update to the organization item and returns the attributes asked for (ReturnValues).
 * A failed condition throws, as DynamoDB's does (isConditionalCheckFailed): the caller knows what
 * it means. The credits' conditional updates go through here (credits/credits.ts).
 */
export async function updateOrganization(
  deps: TableDeps,
  orgId: string,
  update: OrganizationUpdate,
): Promise<Partial<OrganizationRecord>> {
  const { Attributes } = await deps.ddb.send(
    new UpdateCommand({ TableName: deps.tableName, Key: keys.organization(orgId), ...update }),
  );
  return (Attributes ?? {}) as Partial<OrganizationRecord>;
}

/** Runs a conditional update; false when its condition failed. */
async function updateIf(deps: TableDeps, orgId: string, update: OrganizationUpdate): Promise<boolean> {
  try {
    await updateOrganization(deps, orgId, update);
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Records the organization's Stripe customer, unless it has one already (false then). */
export function setStripeCustomer(deps: TableDeps, orgId: string, customerId: string): Promise<boolean> {
  return updateIf(deps, orgId, {
    UpdateExpression: 'SET stripeCustomerId = :customer, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk',
    ConditionExpression:
      'attribute_exists(pk) AND (attribute_not_exists(stripeCustomerId) OR stripeCustomerId = :none)',
    ExpressionAttributeValues: {
      ':customer': customerId,
      ...Object.fromEntries(
        Object.entries(gsi1Keys.stripeCustomer(customerId)).map(([name, value]) => [`:${name}`, value]),
      ),
      ':none': null,
    },
  });
}

/**
 * Writes the subscription state read from Stripe at `record.syncedAt`, unless a later read was
 * written already (two deliveries processed concurrently). Returns the organization after the
 * write, or undefined when this read was older.
 */
export async function writeSubscription(
  deps: TableDeps,
  orgId: string,
  record: SubscriptionRecord & { syncedAt: string },
): Promise<OrganizationRecord | undefined> {
  try {
    return (await updateOrganization(deps, orgId, {
      UpdateExpression: 'SET subscription = :subscription, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(subscription.syncedAt) OR subscription.syncedAt <= :syncedAt)',
      ExpressionAttributeValues: {
        ':subscription': record,
        ':syncedAt': record.syncedAt,
        ':now': new Date().toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    })) as OrganizationRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Stores the organization's Checkout Session if the stored one is still `expectedId` (or none):
 * of two concurrent checkouts only one session is kept. Returns false when another won.
 */
export function storeCheckoutSession(
  deps: TableDeps,
  orgId: string,
  session: CheckoutSessionRecord,
  expectedId: string | undefined,
): Promise<boolean> {
  return updateIf(deps, orgId, {
    UpdateExpression: 'SET checkoutSession = :session',
    ConditionExpression: expectedId
      ? 'attribute_exists(pk) AND checkoutSession.id = :expected'
      : 'attribute_exists(pk) AND attribute_not_exists(checkoutSession)',
    ExpressionAttributeValues: { ':session': session, ...(expectedId ? { ':expected': expectedId } : {}) },
  });
}

/** Forgets a completed session (its subscription now speaks for the organization). */
export async function clearCheckoutSession(deps: TableDeps, orgId: string, sessionId: string): Promise<void> {
  await updateIf(deps, orgId, {
    UpdateExpression: 'REMOVE checkoutSession',
    ConditionExpression: 'checkoutSession.id = :id',
    ExpressionAttributeValues: { ':id': sessionId },
  });
}

/**
 * Moves the organization's team version from the value read to the next: of concurrent invitations
 * that read the same team, one succeeds (true) and the others start over with a fresh count.
 */
export function bumpTeamVersion(deps: TableDeps, organization: Pick<OrganizationRecord, 'id' | 'teamVersion'>) {
  const seen = organization.teamVersion;
  return updateIf(deps, organization.id, {
    UpdateExpression: 'SET teamVersion = :next',
    ConditionExpression: seen === undefined ? 'attribute_not_exists(teamVersion)' : 'teamVersion = :seen',
    ExpressionAttributeValues: { ':next': (seen ?? 0) + 1, ...(seen === undefined ? {} : { ':seen': seen }) },
  });
}
