/**
 * The markers of processed Stripe events in the table (keys: docs/architecture.md, data model).
 * The subscription and the open Checkout Session live on the organization item, which
 * organizations/organization-record.ts reads and writes.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { StripeEventRecord } from '../lib/records';

/** Processed-event markers outlive Stripe's retries (3 days) and its event retention (30 days). */
const EVENT_MARKER_DAYS = 90;

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
