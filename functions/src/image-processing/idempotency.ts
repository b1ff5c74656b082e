/**
 * `Idempotency-Key` of POST /api/image-processing/{type} (architecture decision 47): the first
 * request with a key claims it with a conditional put of `ORG#<orgId>` / `IDEMPOTENCY#<key>` naming
 * its new transformation ids (one per variant, decision 065); a later or concurrent request with the
 * same key finds that item and answers with the same transformations instead of starting (and
 * charging) others. One item, conditional writes only: no transaction is needed.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { IDEMPOTENCY_KEY, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { IdempotencyKeyRecord } from '../lib/records';

export interface IdempotencyDeps extends TableDeps {
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

export interface KeyClaim {
  /** The first variant's id: the claim's owner. */
  transformationId: string;
  /** Every variant the request starts, in order, and their group (decision 065). */
  transformationIds: string[];
  groupId: string;
  requestHash: string;
  userId: string;
}

/** What a replay answers: the transformations the first request started. */
export interface StartedGroup {
  transformationIds: string[];
  groupId: string;
}

export type ClaimOutcome =
  /** This request owns the key: start the transformation, then `markKeyStarted` or `releaseKey`. */
  | { outcome: 'claimed' }
  /** A request with this key started these transformations: answer with them. */
  | ({ outcome: 'replay' } & StartedGroup)
  /** The key stands for another request (other type, upload or options). */
  | { outcome: 'mismatch' }
  /** The request holding the key is still starting its transformation after the wait. */
  | { outcome: 'in-progress' };

/**
 * A claim older than this whose request never finished (its Lambda died) may be taken over: the
 * API's Lambdas time out after 10 s and API Gateway after 30 s.
 */
export const STALE_CLAIM_MS = 60_000;
/** How long a duplicate waits for the request holding the key to start its transformation. */
export const REPLAY_WAIT_MS = 5_000;
const POLL_MS = 100;

/** The header's value when valid, undefined when absent, null when present but invalid. */
export function parseIdempotencyKey(value: string | undefined): string | undefined | null {
  if (value === undefined) return undefined;
  return IDEMPOTENCY_KEY.pattern.test(value) ? value : null;
}

/** The photo a start names: its upload, or an earlier transformation whose original it reuses (decision 066). */
export type StartSource = { uploadId: string } | { sourceTransformationId: string };

/**
 * What a key stands for: the same key with another type, photo, options, number of variants,
 * webhook (decision 114) or project (decision 122) is refused. A start of one variant from an upload without a webhook hashes as before
 * variants and webhooks existed, so a key claimed across the deploy still replays.
 */
export function requestHash(
  type: TransformationType,
  source: StartSource,
  options: TransformationOptions,
  variants = 1,
  { webhookEndpointId, projectId }: { webhookEndpointId?: string | undefined; projectId?: string | undefined } = {},
): string {
  const sortedOptions = Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));
  const photo = 'uploadId' in source ? source.uploadId : `transformation:${source.sourceTransformationId}`;
  const parts: unknown[] = [type, photo, sortedOptions];
  if (variants !== 1 || webhookEndpointId) parts.push(variants);
  if (webhookEndpointId) parts.push({ webhook: webhookEndpointId });
  if (projectId) parts.push({ project: projectId });
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The group a started key stands for; a key claimed before variants started one transformation. */
function startedGroup(held: IdempotencyKeyRecord): StartedGroup {
  return {
    transformationIds: held.transformationIds ?? [held.transformationId],
    groupId: held.groupId ?? held.transformationId,
  };
}

const nowOf = (deps: IdempotencyDeps) => deps.now?.() ?? new Date();
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Claims `key` for `claim.transformationId`, or tells what the request already holding it did.
 * The put succeeds when no live claim exists: none yet, expired (TTL deletion lags by up to two
 * days), released by a failed request, or pending past STALE_CLAIM_MS. Otherwise a duplicate waits
 * (up to REPLAY_WAIT_MS) for the holder to start its transformation, so that it only ever answers
 * with a transformation the holder answered 202 for.
 */
export async function claimIdempotencyKey(
  deps: IdempotencyDeps,
  orgId: string,
  key: string,
  claim: KeyClaim,
): Promise<ClaimOutcome> {
  const sleep = deps.sleep ?? defaultSleep;
  const deadline = nowOf(deps).getTime() + REPLAY_WAIT_MS;
  for (;;) {
    const now = nowOf(deps);
    if (await tryClaim(deps, orgId, key, claim, now)) return { outcome: 'claimed' };
    const held = await readKey(deps, orgId, key);
    if (held && isLive(held, now)) {
      if (held.requestHash !== claim.requestHash) return { outcome: 'mismatch' };
      if (held.state === 'started') return { outcome: 'replay', ...startedGroup(held) };
    }
    // Pending: the holder is starting it. Otherwise released, expired or stale since the put: put again.
    if (now.getTime() >= deadline) return { outcome: 'in-progress' };
    if (held && isLive(held, now)) await sleep(POLL_MS);
  }
}

/** The claim's transformations answered 202: duplicates now get them. */
export async function markKeyStarted(
  deps: IdempotencyDeps,
  orgId: string,
  key: string,
  transformationId: string,
): Promise<void> {
  await setState(deps, orgId, key, transformationId, 'started');
}

/**
 * The claim's request failed before its transformation started (refused, or not started): the key
 * is free again, so a retry with it is evaluated afresh. Only the holder's own claim is released.
 */
export async function releaseIdempotencyKey(
  deps: IdempotencyDeps,
  orgId: string,
  key: string,
  transformationId: string,
): Promise<void> {
  try {
    await setState(deps, orgId, key, transformationId, 'released');
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

function isLive(held: IdempotencyKeyRecord, now: Date): boolean {
  if (held.expiresAt <= Math.floor(now.getTime() / 1000) || held.state === 'released') return false;
  return held.state === 'started' || Date.parse(held.claimedAt) > now.getTime() - STALE_CLAIM_MS;
}

async function tryClaim(
  deps: IdempotencyDeps,
  orgId: string,
  key: string,
  claim: KeyClaim,
  now: Date,
): Promise<boolean> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const item: IdempotencyKeyRecord = {
    ...keys.idempotencyKey(orgId, key),
    ...claim,
    state: 'pending',
    claimedAt: now.toISOString(),
    expiresAt: nowSeconds + IDEMPOTENCY_KEY.ttlHours * 3600,
  };
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.tableName,
        Item: item,
        // The negation of isLive: no item, expired, released, or pending past the stale delay.
        ConditionExpression:
          'attribute_not_exists(pk) OR expiresAt <= :now OR #state = :released OR (#state = :pending AND claimedAt <= :staleBefore)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':now': nowSeconds,
          ':released': 'released',
          ':pending': 'pending',
          ':staleBefore': new Date(now.getTime() - STALE_CLAIM_MS).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

async function readKey(deps: IdempotencyDeps, orgId: string, key: string): Promise<IdempotencyKeyRecord | undefined> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: keys.idempotencyKey(orgId, key), ConsistentRead: true }),
  );
  return Item as IdempotencyKeyRecord | undefined;
}

async function setState(
  deps: IdempotencyDeps,
  orgId: string,
  key: string,
  transformationId: string,
  state: IdempotencyKeyRecord['state'],
): Promise<void> {
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: keys.idempotencyKey(orgId, key),
      UpdateExpression: 'SET #state = :state',
      ConditionExpression: 'transformationId = :id',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':state': state, ':id': transformationId },
    }),
  );
}
