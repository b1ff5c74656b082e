/**
 * API keys in the table (decisions 102 and 103): one item per key under the SHA-256 of the key,
 * listed per organization through gsi1. `useApiKey` authenticates a request and counts it in one
 * conditional UpdateItem on that item (consistent by nature): a revoked key fails at the next
 * request, and the fixed one-minute window of the rate limit needs no item of its own.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { API_KEY_LIMITS, type ApiKeyCreateInput, type ApiKeySummary } from '@vitrine/shared';
import { isConditionalCheckFailed, type TableDeps } from '../lib/aws/dynamodb';
import { gsi1Keys, keys } from '../lib/keys';
import type { ApiKeyRecord } from '../lib/records';
import { newApiKey } from './api-key-secret';

export interface ApiKeyStoreDeps extends TableDeps {
  now?: () => Date;
  newId?: () => string;
}

const nowOf = (deps: ApiKeyStoreDeps) => deps.now?.() ?? new Date();

export function toApiKeySummary(record: ApiKeyRecord): ApiKeySummary {
  return {
    id: record.id,
    name: record.name,
    scope: record.scope,
    prefix: record.prefix,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
    revokedAt: record.revokedAt ?? null,
  };
}

/** The organization's keys, revoked ones included, oldest first. */
export async function listApiKeys(deps: TableDeps, orgId: string): Promise<ApiKeyRecord[]> {
  const records: ApiKeyRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.ddb.send(
      new QueryCommand({
        TableName: deps.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': gsi1Keys.apiKey(orgId, '', '').gsi1pk },
        ExclusiveStartKey,
      }),
    );
    records.push(...((page.Items ?? []) as ApiKeyRecord[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return records;
}

export type CreateOutcome = { created: ApiKeyRecord; key: string } | { tooMany: true };

export async function createApiKey(
  deps: ApiKeyStoreDeps,
  owner: { orgId: string; userId: string },
  input: ApiKeyCreateInput,
): Promise<CreateOutcome> {
  const active = (await listApiKeys(deps, owner.orgId)).filter((record) => !record.revokedAt);
  if (active.length >= API_KEY_LIMITS.maxActivePerOrganization) return { tooMany: true };
  const { key, keyHash, prefix } = newApiKey();
  const id = deps.newId?.() ?? randomUUID();
  const createdAt = nowOf(deps).toISOString();
  const record: ApiKeyRecord = {
    ...keys.apiKey(keyHash),
    ...gsi1Keys.apiKey(owner.orgId, createdAt, id),
    id,
    organizationId: owner.orgId,
    name: input.name,
    scope: input.scope,
    prefix,
    createdBy: owner.userId,
    createdAt,
    rateLimitPerMinute: API_KEY_LIMITS.requestsPerMinute,
  };
  await deps.ddb.send(
    new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return { created: record, key };
}

/** Revokes the organization's key `id`; false when it has no such key. Revoking twice keeps the first date. */
export async function revokeApiKey(
  deps: ApiKeyStoreDeps,
  orgId: string,
  id: string,
  revokedBy: string,
): Promise<ApiKeyRecord | undefined> {
  const record = (await listApiKeys(deps, orgId)).find((candidate) => candidate.id === id);
  if (!record) return undefined;
  if (record.revokedAt) return record;
  const { Attributes } = await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: { pk: record.pk, sk: record.sk },
      UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now), revokedBy = if_not_exists(revokedBy, :by)',
      ConditionExpression: 'organizationId = :orgId',
      ExpressionAttributeValues: { ':now': nowOf(deps).toISOString(), ':by': revokedBy, ':orgId': orgId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Attributes as ApiKeyRecord;
}

export type KeyUse =
  | { outcome: 'accepted'; record: ApiKeyRecord }
  /** No such key, or revoked. */
  | { outcome: 'refused' }
  /** The key's window is full: retry after this many seconds. */
  | { outcome: 'rate-limited'; retryAfterSeconds: number };

const WINDOW_SECONDS = 60;

/**
 * One request with the key of hash `keyHash`: counted in the current one-minute window and its
 * last use recorded, when the key exists, is not revoked and its window is not full. The common
 * case is one UpdateItem; a new window takes a second, and concurrent requests at a window's start
 * retry once before a read tells why they were refused.
 */
export async function useApiKey(deps: ApiKeyStoreDeps, keyHash: string): Promise<KeyUse> {
  const now = nowOf(deps);
  const window = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  const attempt = async (newWindow: boolean) => {
    try {
      const { Attributes } = await deps.ddb.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: keys.apiKey(keyHash),
          UpdateExpression: newWindow
            ? 'SET lastUsedAt = :now, windowStart = :window, windowCount = :one'
            : 'SET lastUsedAt = :now ADD windowCount :one',
          ConditionExpression: newWindow
            ? 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND (attribute_not_exists(windowStart) OR windowStart < :window)'
            : 'attribute_exists(pk) AND attribute_not_exists(revokedAt) AND windowStart = :window AND windowCount < rateLimitPerMinute',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':window': window, ':one': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as ApiKeyRecord;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw error;
    }
  };
  const record = (await attempt(false)) ?? (await attempt(true)) ?? (await attempt(false));
  if (record) return { outcome: 'accepted', record };
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.apiKey(keyHash), ConsistentRead: true }),
  );
  const held = Item as ApiKeyRecord | undefined;
  if (!held || held.revokedAt) return { outcome: 'refused' };
  const windowEnd = (held.windowStart ?? window) + WINDOW_SECONDS;
  return { outcome: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil(windowEnd - now.getTime() / 1000)) };
}
