/**
 * Webhook endpoints and deliveries in the table (decision 114). Endpoints live under their
 * organization's partition (at most WEBHOOK_LIMITS.maxEndpointsPerOrganization, so one Query lists
 * them); a delivery is one event sent to one endpoint, with the exact body it signs and its
 * attempts, listed newest first through gsi1 and removed by the table's TTL after 30 days.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  WEBHOOK_LIMITS,
  type WebhookDeliverySummary,
  type WebhookEndpointCreateInput,
  type WebhookEndpointSummary,
} from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys, SK_PREFIX } from '../lib/keys';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../lib/records';
import type { EndpointHealth } from './webhook-retry';
import { newWebhookSecret } from './webhook-signature';

export interface WebhookStoreDeps extends TableDeps {
  now?: () => Date;
  newId?: () => string;
}

const DELIVERY_TTL_SECONDS = 30 * 24 * 60 * 60;
const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

export function toEndpointSummary(record: WebhookEndpointRecord): WebhookEndpointSummary {
  return {
    id: record.id,
    url: record.url,
    events: record.events,
    createdAt: record.createdAt,
    disabledAt: record.disabledAt ?? null,
  };
}

export function toDeliverySummary(record: WebhookDeliveryRecord): WebhookDeliverySummary {
  return {
    id: record.id,
    endpointId: record.endpointId,
    url: record.url,
    eventId: record.eventId,
    eventType: record.eventType,
    status: record.status,
    attempts: record.attempts,
    lastStatus: record.lastStatus ?? null,
    lastError: record.lastError ?? null,
    createdAt: record.createdAt,
    lastAttemptAt: record.lastAttemptAt ?? null,
  };
}

export async function listEndpoints(deps: TableDeps, orgId: string): Promise<WebhookEndpointRecord[]> {
  const { Items } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.organizationPartition(orgId), ':prefix': SK_PREFIX.webhookEndpoint },
      ConsistentRead: true,
    }),
  );
  return ((Items ?? []) as WebhookEndpointRecord[]).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getEndpoint(
  deps: TableDeps,
  orgId: string,
  endpointId: string,
): Promise<WebhookEndpointRecord | undefined> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.webhookEndpoint(orgId, endpointId), ConsistentRead: true }),
  );
  return Item as WebhookEndpointRecord | undefined;
}

export type CreateEndpointOutcome = { created: WebhookEndpointRecord } | { tooMany: true };

/** Registers an endpoint whose URL was checked (webhook-address.ts); its secret is in the record, shown once. */
export async function createEndpoint(
  deps: WebhookStoreDeps,
  owner: { orgId: string; userId: string },
  input: WebhookEndpointCreateInput,
): Promise<CreateEndpointOutcome> {
  const existing = await listEndpoints(deps, owner.orgId);
  if (existing.length >= WEBHOOK_LIMITS.maxEndpointsPerOrganization) return { tooMany: true };
  const id = deps.newId?.() ?? randomUUID();
  const record: WebhookEndpointRecord = {
    ...keys.webhookEndpoint(owner.orgId, id),
    id,
    organizationId: owner.orgId,
    url: input.url,
    events: [...new Set(input.events)],
    secret: newWebhookSecret(),
    createdBy: owner.userId,
    createdAt: nowOf(deps).toISOString(),
    consecutiveFailures: 0,
  };
  await deps.ddb.send(
    new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return { created: record };
}

/** Deletes the organization's endpoint; false when it has none of that id. */
export async function deleteEndpoint(deps: TableDeps, orgId: string, endpointId: string): Promise<boolean> {
  try {
    await deps.ddb.send(
      new DeleteCommand({
        TableName: deps.tableName,
        Key: keys.webhookEndpoint(orgId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Turns a disabled endpoint back on, its failure count cleared; false when it has none of that id. */
export async function enableEndpoint(deps: TableDeps, orgId: string, endpointId: string): Promise<boolean> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.webhookEndpoint(orgId, endpointId),
        UpdateExpression: 'SET consecutiveFailures = :zero REMOVE disabledAt, failingSinceMs',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export function healthOf(record: WebhookEndpointRecord): EndpointHealth {
  return {
    consecutiveFailures: record.consecutiveFailures,
    ...(record.failingSinceMs === undefined ? {} : { failingSinceMs: record.failingSinceMs }),
    disabled: record.disabledAt !== undefined,
  };
}

/**
 * Stores the endpoint's health after an attempt. `disable` sets `disabledAt` only if it is not set
 * yet, and answers whether this write is the one that disabled it (the owner is e-mailed once).
 */
export async function saveEndpointHealth(
  deps: WebhookStoreDeps,
  record: WebhookEndpointRecord,
  health: EndpointHealth,
  disable: boolean,
): Promise<boolean> {
  const values: Record<string, unknown> = { ':failures': health.consecutiveFailures };
  const sets = ['consecutiveFailures = :failures'];
  const removes: string[] = [];
  if (health.failingSinceMs === undefined) removes.push('failingSinceMs');
  else {
    sets.push('failingSinceMs = :since');
    values[':since'] = health.failingSinceMs;
  }
  if (disable) {
    sets.push('disabledAt = :now');
    values[':now'] = nowOf(deps).toISOString();
  }
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: { pk: record.pk, sk: record.sk },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        // A deleted endpoint is not recreated; a second disabling write loses to the first.
        ConditionExpression: disable
          ? 'attribute_exists(pk) AND attribute_not_exists(disabledAt)'
          : 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
    return disable;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export interface NewDelivery {
  id: string;
  orgId: string;
  endpoint: Pick<WebhookEndpointRecord, 'id' | 'url'>;
  eventId: string;
  eventType: WebhookDeliveryRecord['eventType'];
  rawBody: string;
}

/** Records a delivery before it is queued; false when one of that id exists (a retried emission). */
export async function putDelivery(deps: WebhookStoreDeps, delivery: NewDelivery): Promise<boolean> {
  const now = nowOf(deps);
  const createdAt = now.toISOString();
  const record: WebhookDeliveryRecord = {
    ...keys.webhookDelivery(delivery.orgId, delivery.id),
    ...gsi1Keys.webhookDelivery(delivery.orgId, createdAt, delivery.id),
    id: delivery.id,
    organizationId: delivery.orgId,
    endpointId: delivery.endpoint.id,
    url: delivery.endpoint.url,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    rawBody: delivery.rawBody,
    status: 'pending',
    attempts: 0,
    createdAt,
    expiresAt: Math.floor(now.getTime() / 1000) + DELIVERY_TTL_SECONDS,
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

export async function getDelivery(
  deps: TableDeps,
  orgId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRecord | undefined> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.webhookDelivery(orgId, deliveryId), ConsistentRead: true }),
  );
  return Item as WebhookDeliveryRecord | undefined;
}

/** The organization's most recent deliveries, newest first. */
export async function listRecentDeliveries(deps: TableDeps, orgId: string): Promise<WebhookDeliveryRecord[]> {
  const { Items } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1Keys.webhookDelivery(orgId, '', '').gsi1pk },
      ScanIndexForward: false,
      Limit: WEBHOOK_LIMITS.recentDeliveries,
    }),
  );
  return (Items ?? []) as WebhookDeliveryRecord[];
}

export interface AttemptRecord {
  attempt: number;
  atMs: number;
  status: WebhookDeliveryRecord['status'];
  lastStatus?: number;
  lastError?: string;
}

/** Records attempt `attempt` of a delivery (conditioned on it being the next one: a redelivered message is not counted twice). */
export async function recordAttempt(
  deps: TableDeps,
  delivery: WebhookDeliveryRecord,
  attempt: AttemptRecord,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':attempt': attempt.attempt,
    ':previous': attempt.attempt - 1,
    ':status': attempt.status,
    ':at': new Date(attempt.atMs).toISOString(),
    ':first': attempt.atMs,
  };
  const sets = [
    'attempts = :attempt',
    '#status = :status',
    'lastAttemptAt = :at',
    'firstAttemptAtMs = if_not_exists(firstAttemptAtMs, :first)',
  ];
  const removes: string[] = [];
  for (const name of ['lastStatus', 'lastError'] as const) {
    const value = attempt[name];
    if (value === undefined) removes.push(name);
    else {
      sets.push(`${name} = :${name}`);
      values[`:${name}`] = value;
    }
  }
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: { pk: delivery.pk, sk: delivery.sk },
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ConditionExpression: 'attempts = :previous',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
