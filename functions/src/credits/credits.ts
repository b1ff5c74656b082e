/**
 * Credits (architecture decision 4): the balance and the in-flight reservations live in the
 * organization item, so reserving and refunding are single conditional updates (no transaction:
 * dynalite has none). Every balance change is also written to the ledger under a key derived
 * from the transformation id, so a retried step never writes it twice.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '@vitrine/shared';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import { creditMetrics } from '../lib/metrics';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { LedgerRecord } from '../lib/records';

export interface CreditDeps extends TableDeps {
  now?: () => Date;
}

/** The ledger kinds a transformation writes (a grant comes from the seed or billing). */
type TransformationLedgerKind = 'reserve' | 'refund';

/** The organization cannot pay for one more transformation. Not retried. */
export class InsufficientCreditsError extends Error {
  override readonly name = 'InsufficientCreditsError';
  constructor() {
    // Contains 'insufficient credits', which the wizard matches (spec 8).
    super(MESSAGES.processing.insufficientCredits);
  }
}

export class OrganizationNotFoundError extends Error {
  override readonly name = 'OrganizationNotFoundError';
}

const orgKey = keys.organization;

/**
 * Takes one credit for a transformation. Idempotent: a second call for the same id (a retried
 * step) finds the reservation and succeeds without charging again.
 */
export async function reserveCredit(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
): Promise<{ status: 'reserved' | 'already-reserved'; balance?: number }> {
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  try {
    const balance = await decrement(deps, orgId, transformationId, createdAt);
    // Counted when the balance moves, once: a retry finds the reservation and is not counted.
    creditMetrics.reserved({ orgId, transformationId });
    await writeLedger(deps, orgId, transformationId, 'reserve', -1, createdAt, balance);
    return { status: 'reserved', balance };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  // The condition failed: either this id holds a reservation already, or the balance is short.
  const organization = await readOrganization(deps, orgId);
  if (organization.reservations?.[transformationId] !== undefined) {
    // A previous attempt may have stopped between the update and the ledger write.
    await writeLedger(deps, orgId, transformationId, 'reserve', -1, organization.reservations[transformationId]);
    return { status: 'already-reserved', balance: organization.creditBalance };
  }
  throw new InsufficientCreditsError();
}

/** On success: the charge stays, the reservation is cleared. Idempotent. */
export async function settleCredit(deps: CreditDeps, orgId: string, transformationId: string): Promise<void> {
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: orgKey(orgId),
      UpdateExpression: 'REMOVE reservations.#tx',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#tx': transformationId },
    }),
  );
}

/**
 * On failure: gives the credit back, exactly once, and only if this id holds a reservation
 * (so it is safe to call when the reservation never happened, or was refunded already).
 */
export async function refundCredit(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
): Promise<{ refunded: boolean; balance?: number }> {
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  let balance: number;
  try {
    const { Attributes } = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: orgKey(orgId),
        UpdateExpression: 'SET creditBalance = creditBalance + :one REMOVE reservations.#tx',
        ConditionExpression: 'attribute_exists(reservations.#tx)',
        ExpressionAttributeNames: { '#tx': transformationId },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    balance = Number(Attributes?.creditBalance);
  } catch (error) {
    if (isConditionalCheckFailed(error)) return { refunded: false };
    throw error;
  }
  creditMetrics.refunded({ orgId, transformationId });
  await writeLedger(deps, orgId, transformationId, 'refund', 1, createdAt, balance);
  return { refunded: true, balance };
}

interface OrganizationCredits {
  creditBalance: number;
  reservations?: Record<string, string>;
}

async function decrement(deps: CreditDeps, orgId: string, transformationId: string, at: string): Promise<number> {
  const update = () =>
    deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: orgKey(orgId),
        UpdateExpression: 'SET creditBalance = creditBalance - :one, reservations.#tx = :at',
        ConditionExpression: 'creditBalance >= :one AND attribute_not_exists(reservations.#tx)',
        ExpressionAttributeNames: { '#tx': transformationId },
        ExpressionAttributeValues: { ':one': 1, ':at': at },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
  try {
    return Number((await update()).Attributes?.creditBalance);
  } catch (error) {
    // A nested SET needs the map to exist: organizations created before any reservation lack it.
    if (!isMissingMapPath(error)) throw error;
    await ensureReservationsMap(deps, orgId);
    return Number((await update()).Attributes?.creditBalance);
  }
}

async function ensureReservationsMap(deps: CreditDeps, orgId: string): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: orgKey(orgId),
        UpdateExpression: 'SET reservations = if_not_exists(reservations, :empty)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':empty': {} },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new OrganizationNotFoundError(`Organization ${orgId} not found`);
    throw error;
  }
}

async function readOrganization(deps: CreditDeps, orgId: string): Promise<OrganizationCredits> {
  const { Item } = await deps.ddb.send(
    new GetCommand({
      TableName: deps.tableName,
      Key: orgKey(orgId),
      ConsistentRead: true,
      ProjectionExpression: 'creditBalance, reservations',
    }),
  );
  if (!Item) throw new OrganizationNotFoundError(`Organization ${orgId} not found`);
  return Item as OrganizationCredits;
}

/** Written once per (transformation, kind): a retry finds it and leaves it as it is. */
async function writeLedger(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
  kind: TransformationLedgerKind,
  delta: number,
  createdAt: string,
  balanceAfter?: number,
): Promise<void> {
  const entry: LedgerRecord = {
    ...keys.ledger(orgId, transformationId, kind),
    transformationId,
    kind,
    delta,
    ...(balanceAfter !== undefined && Number.isFinite(balanceAfter) ? { balanceAfter } : {}),
    createdAt,
  };
  try {
    await deps.ddb.send(
      new PutCommand({ TableName: deps.tableName, Item: entry, ConditionExpression: 'attribute_not_exists(sk)' }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

function isMissingMapPath(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.name === 'ValidationException' &&
    /document path provided in the update expression is invalid/i.test(error.message)
  );
}
