/**
 * Billing state in the table: the subscription on the organization item (written from Stripe
 * reads only), the organization's open Checkout Session, and the markers of processed Stripe
 * events. Keys: docs/architecture.md, data model.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import type { TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys } from '../lib/keys';
import type { CheckoutSessionRecord, OrganizationRecord, StripeEventRecord, SubscriptionRecord } from '../lib/records';

/** Processed-event markers outlive Stripe's retries (3 days) and its event retention (30 days). */
const EVENT_MARKER_DAYS = 90;

export async function getOrganization(deps: TableDeps, orgId: string): Promise<OrganizationRecord | undefined> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.organization(orgId), ConsistentRead: true }),
  );
  return Item as OrganizationRecord | undefined;
}

/** The organization owning a Stripe customer (gsi1 `STRIPE#<customerId>`). */
export async function findOrganizationByCustomer(
  deps: TableDeps,
  customerId: string,
): Promise<OrganizationRecord | undefined> {
  const { gsi1pk } = gsi1Keys.stripeCustomer(customerId);
  const { Items } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
      Limit: 1,
    }),
  );
  const found = Items?.[0] as OrganizationRecord | undefined;
  // The index is eventually consistent: read the item itself for the current state.
  return found ? getOrganization(deps, found.id) : undefined;
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
    const { Attributes } = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.organization(orgId),
        UpdateExpression: 'SET subscription = :subscription, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(subscription.syncedAt) OR subscription.syncedAt <= :syncedAt)',
        ExpressionAttributeValues: {
          ':subscription': record,
          ':syncedAt': record.syncedAt,
          ':now': new Date().toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as OrganizationRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Stores the organization's Checkout Session if the stored one is still `expectedId` (or none):
 * of two concurrent checkouts only one session is kept. Returns false when another won.
 */
export async function storeCheckoutSession(
  deps: TableDeps,
  orgId: string,
  session: CheckoutSessionRecord,
  expectedId: string | undefined,
): Promise<boolean> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.organization(orgId),
        UpdateExpression: 'SET checkoutSession = :session',
        ConditionExpression: expectedId
          ? 'attribute_exists(pk) AND checkoutSession.id = :expected'
          : 'attribute_exists(pk) AND attribute_not_exists(checkoutSession)',
        ExpressionAttributeValues: { ':session': session, ...(expectedId ? { ':expected': expectedId } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Forgets a completed session (its subscription now speaks for the organization). */
export async function clearCheckoutSession(deps: TableDeps, orgId: string, sessionId: string): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.organization(orgId),
        UpdateExpression: 'REMOVE checkoutSession',
        ConditionExpression: 'checkoutSession.id = :id',
        ExpressionAttributeValues: { ':id': sessionId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export async function isEventProcessed(deps: TableDeps, eventId: string): Promise<boolean> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.stripeEvent(eventId), ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** Written after the event's effects: a delivery that failed midway is processed again in full. */
export async function markEventProcessed(deps: TableDeps, eventId: string, type: string, now = new Date()) {
  const record: StripeEventRecord = {
    ...keys.stripeEvent(eventId),
    type,
    processedAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + EVENT_MARKER_DAYS * 24 * 3600,
  };
  await deps.ddb.send(new PutCommand({ TableName: deps.tableName, Item: record }));
}
