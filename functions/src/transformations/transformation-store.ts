/**
 * The transformation record (docs/architecture.md): one item per transformation under its
 * organization's partition, `ORG#<orgId>` / `TX#<id>`. Status moves queued -> processing ->
 * succeeded | failed; every write is conditional on the transition being allowed, so a retried
 * step or a late writer cannot move a record backwards. Until it is closed (ended, and its credit
 * settled or refunded) the record is listed in the open transformations of gsi1, which the
 * reconciler works through (architecture decision 40).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiErrorBody, TransformationStatus } from '@vitrine/shared';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import { conditionFailedAt, transactWrite } from '../lib/aws/transactions';
import { statsUpdate } from '../stats/organization-stats';
import type { TableDeps } from '../lib/aws/dynamodb';
import { TABLE_KEYS } from '../lib/aws/table-schema';
import { gsi1Keys, keys, OPEN_TRANSFORMATIONS } from '../lib/keys';
import type { TransformationRecord } from '../lib/records';

export interface TransformationDeps extends TableDeps {
  now?: () => Date;
}

export type NewTransformation = Pick<
  TransformationRecord,
  'id' | 'orgId' | 'userId' | 'type' | 'options' | 'uploadId' | 'uploadKey'
> & { seed: number } & Partial<
    Pick<
      TransformationRecord,
      'sourceTransformationId' | 'groupId' | 'variant' | 'variantCount' | 'webhookEndpointId' | 'projectId'
    >
  >;

/** What StoreResult records of a result: its objects, and who rendered it with which seed (decision 065). */
export interface StoredResult {
  resultKey: string;
  simulated: boolean;
  thumbnailKey?: string;
  provider?: string;
  model?: string;
  seed?: number;
}

const transformationKey = keys.transformation;

/** Thrown when a write is not allowed from the record's current status (or it is missing). */
export class TransformationStateError extends Error {
  override readonly name = 'TransformationStateError';
}

const timestamp = (deps: TransformationDeps) => (deps.now?.() ?? new Date()).toISOString();

/** Creates the record, queued. Fails if the id exists already. */
export async function createTransformation(
  deps: TransformationDeps,
  input: NewTransformation,
): Promise<TransformationRecord> {
  const now = timestamp(deps);
  const record: TransformationRecord = {
    ...transformationKey(input.orgId, input.id),
    ...gsi1Keys.openTransformation(now, input.orgId, input.id),
    ...input,
    status: 'queued',
    createdAt: now,
    updatedAt: now,
  };
  await deps.ddb.send(
    new PutCommand({ TableName: deps.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
  return record;
}

/** Undefined when there is no such transformation in this organization. */
export async function getTransformation(
  deps: TransformationDeps,
  orgId: string,
  id: string,
): Promise<TransformationRecord | undefined> {
  const { Item } = await deps.ddb.send(
    new GetCommand({ TableName: deps.tableName, Key: transformationKey(orgId, id), ConsistentRead: true }),
  );
  return Item as TransformationRecord | undefined;
}

export async function requireTransformation(
  deps: TransformationDeps,
  orgId: string,
  id: string,
): Promise<TransformationRecord> {
  const record = await getTransformation(deps, orgId, id);
  if (!record) throw new TransformationStateError(`Transformation ${id} not found in organization ${orgId}`);
  return record;
}

/**
 * The workflow has started on it. Returns the record as it was (only its status and updatedAt
 * change): StartProcessing takes what the steps need from this one write, with no read after it.
 */
export async function markProcessing(
  deps: TransformationDeps,
  orgId: string,
  id: string,
): Promise<TransformationRecord> {
  return transition(deps, orgId, id, ['queued', 'processing'], { status: 'processing' });
}

/** The validated original's key and size. */
export async function recordValidatedImage(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  image: { normalisedKey: string; width: number; height: number; originalThumbnailKey?: string },
): Promise<void> {
  await transition(deps, orgId, id, ['processing'], image);
}

export async function recordResult(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  result: StoredResult,
): Promise<void> {
  // Only what is known: a result of an engine that reports no model records none.
  const known = Object.fromEntries(Object.entries(result).filter(([, value]) => value !== undefined));
  await transition(deps, orgId, id, ['processing'], known);
}

const NOT_FAILING = 'attribute_not_exists(failingSince)';

/**
 * The first write of a failure, before the refund: from then on the record can no longer succeed,
 * so a late Complete (a stray invocation, a step that outlived its execution) cannot make a
 * refunded result free. Refused (TransformationStateError) when it succeeded already: the charge
 * stands. Idempotent. Returns the record as it was before.
 */
export function claimFailure(deps: TransformationDeps, orgId: string, id: string): Promise<TransformationRecord> {
  return transition(deps, orgId, id, ['queued', 'processing', 'failed'], { failingSince: timestamp(deps) });
}

/**
 * Marks the record succeeded (refused once a failure is claimed), with the organization's count of
 * successful transformations (the dashboard's total) in the same transaction: the count moves exactly when the status does, so a retried
 * Complete step, which finds the record succeeded, counts nothing. Returns the record as it was
 * before (its status tells whether this call made the change).
 */
export async function markSucceededAndCount(
  deps: TransformationDeps,
  orgId: string,
  id: string,
): Promise<TransformationRecord> {
  const before = await requireTransformation(deps, orgId, id);
  if (before.status === 'succeeded') return before;
  const now = timestamp(deps);
  try {
    await transactWrite(deps, [
      {
        Update: {
          TableName: deps.tableName,
          Key: transformationKey(orgId, id),
          UpdateExpression: 'SET #status = :succeeded, #updatedAt = :now',
          // Never once a failure is being recorded (claimFailure): its credit is on its way back.
          ConditionExpression: `#status = :processing AND ${NOT_FAILING}`,
          ExpressionAttributeNames: { '#status': 'status', '#updatedAt': 'updatedAt' },
          ExpressionAttributeValues: { ':succeeded': 'succeeded', ':processing': 'processing', ':now': now },
        },
      },
      statsUpdate(deps.tableName, orgId, { transformations: 1 }, now),
    ]);
    return before;
  } catch (error) {
    if (!conditionFailedAt(error, 0)) throw error;
    // Moved on meanwhile: succeeded by a concurrent attempt (counted there), or not allowed.
    const current = await requireTransformation(deps, orgId, id);
    if (current.status === 'succeeded') return current;
    throw new TransformationStateError(`Transformation ${id} cannot succeed from ${current.status}`);
  }
}

/**
 * Failure is reachable from every status but success: a succeeded transformation was charged and
 * stays succeeded (see `complete` in the workflow steps). Records the error contract's code and
 * the French message; the result key is dropped. Returns the record as it was before.
 */
export function markFailed(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  { code, message }: ApiErrorBody,
): Promise<TransformationRecord> {
  return transition(deps, orgId, id, ['queued', 'processing', 'failed'], { status: 'failed', code, message }, [
    'resultKey',
  ]);
}

/**
 * Takes an ended transformation out of the open list, once its credit is settled (success) or
 * refunded (failure), into its organization's history (decision 090): the last write of its life.
 * gsi1sk stays (`<createdAt>#<orgId>#<id>`): the history lists by it. Idempotent.
 */
export async function closeTransformation(deps: TransformationDeps, orgId: string, id: string): Promise<void> {
  await transition(deps, orgId, id, ['succeeded', 'failed'], { gsi1pk: gsi1Keys.transformationHistory(orgId) });
}

export interface OpenTransformationsPage {
  records: TransformationRecord[];
  /** Where the next page starts; undefined on the last one. */
  next?: Record<string, unknown>;
}

/**
 * Open transformations created before `createdBefore` (ISO), oldest first, from gsi1: the index is
 * eventually consistent, so callers read each record again (consistently) before acting on it.
 */
export async function listOpenTransformations(
  deps: TransformationDeps,
  createdBefore: string,
  options: { limit?: number; startKey?: Record<string, unknown> } = {},
): Promise<OpenTransformationsPage> {
  const { Items, LastEvaluatedKey } = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.tableName,
      IndexName: TABLE_KEYS.gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :open AND gsi1sk < :before',
      ExpressionAttributeValues: { ':open': OPEN_TRANSFORMATIONS, ':before': createdBefore },
      Limit: options.limit,
      ExclusiveStartKey: options.startKey,
    }),
  );
  return { records: (Items ?? []) as TransformationRecord[], next: LastEvaluatedKey };
}

async function transition(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  from: readonly TransformationStatus[],
  set: Partial<TransformationRecord>,
  remove: readonly (keyof TransformationRecord)[] = [],
): Promise<TransformationRecord> {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':updatedAt': timestamp(deps) };
  const assignments = ['#updatedAt = :updatedAt'];
  for (const [field, value] of Object.entries(set)) {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    assignments.push(`#${field} = :${field}`);
  }
  from.forEach((status, index) => (values[`:from${index}`] = status));
  for (const field of remove) names[`#${field}`] = field;
  const removal = remove.length > 0 ? ` REMOVE ${remove.map((field) => `#${field}`).join(', ')}` : '';
  try {
    const { Attributes } = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: transformationKey(orgId, id),
        UpdateExpression: `SET ${assignments.join(', ')}${removal}`,
        ConditionExpression: `#status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_OLD',
      }),
    );
    return Attributes as TransformationRecord;
  } catch (error) {
    if (isConditionalCheckFailed(error)) {
      throw new TransformationStateError(`Transformation ${id} cannot move to ${JSON.stringify(set)} from its status`);
    }
    throw error;
  }
}
