/**
 * The transformation record (docs/architecture.md): one item per transformation under its
 * organization's partition, `ORG#<orgId>` / `TX#<id>`. Status moves queued -> processing ->
 * succeeded | failed; every write is conditional on the transition being allowed, so a retried
 * step or a late writer cannot move a record backwards.
 */
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransformationOptions, TransformationStatus, TransformationType } from '@vitrine/shared';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';

export interface TransformationDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  now?: () => Date;
}

export interface TransformationRecord {
  pk: `ORG#${string}`;
  sk: `TX#${string}`;
  id: string;
  orgId: string;
  userId: string;
  type: TransformationType;
  options: TransformationOptions;
  status: TransformationStatus;
  /** Upload the transformation started from, and its object in the uploads bucket. */
  uploadId?: string;
  uploadKey: string;
  /** The validated image (oriented, metadata stripped) in the uploads bucket. */
  normalisedKey?: string;
  /** The result PNG in the results bucket. */
  resultKey?: string;
  /** Pixel size of the validated original, which the result matches. */
  width?: number;
  height?: number;
  /** Engine that produced the result, and whether it was the local simulator of a hosted model. */
  engine?: string;
  simulated?: boolean;
  /** French, for the user; only when failed. */
  message?: string;
  createdAt: string;
  updatedAt: string;
}

export type NewTransformation = Pick<
  TransformationRecord,
  'id' | 'orgId' | 'userId' | 'type' | 'options' | 'uploadId' | 'uploadKey'
>;

export const transformationKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `TX#${id}` }) as const;

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

/** The workflow has started on it. */
export function markProcessing(deps: TransformationDeps, orgId: string, id: string): Promise<void> {
  return transition(deps, orgId, id, ['queued', 'processing'], { status: 'processing' });
}

/** The validated original's key and size. */
export function recordValidatedImage(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  image: { normalisedKey: string; width: number; height: number },
): Promise<void> {
  return transition(deps, orgId, id, ['processing'], image);
}

export function recordResult(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  result: { resultKey: string; engine: string; simulated: boolean },
): Promise<void> {
  return transition(deps, orgId, id, ['processing'], result);
}

export function markSucceeded(deps: TransformationDeps, orgId: string, id: string): Promise<void> {
  return transition(deps, orgId, id, ['processing', 'succeeded'], { status: 'succeeded' });
}

/**
 * Failure is reachable from every status but success: a succeeded transformation was charged and
 * stays succeeded (see `complete` in the workflow steps). The result key is dropped.
 */
export async function markFailed(deps: TransformationDeps, orgId: string, id: string, message: string): Promise<void> {
  await transition(deps, orgId, id, ['queued', 'processing', 'failed'], { status: 'failed', message }, ['resultKey']);
}

async function transition(
  deps: TransformationDeps,
  orgId: string,
  id: string,
  from: readonly TransformationStatus[],
  set: Partial<TransformationRecord>,
  remove: readonly (keyof TransformationRecord)[] = [],
): Promise<void> {
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
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: transformationKey(orgId, id),
        UpdateExpression: `SET ${assignments.join(', ')}${removal}`,
        ConditionExpression: `#status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) {
      throw new TransformationStateError(`Transformation ${id} cannot move to ${JSON.stringify(set)} from its status`);
    }
    throw error;
  }
}
