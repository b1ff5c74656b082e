/**
 * Credits (architecture decision 4): the balance and the in-flight reservations live in the
 * organization item, so reserving and refunding are single conditional updates of one item (no
 * transaction needed). Every balance change is also written to the ledger under a key derived
 * from the transformation id, so a retried step never writes it twice.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Plan, TRANSFORMATION_MESSAGES } from '@vitrine/shared';
import { isConditionalCheckFailed } from '../lib/aws/dynamodb-client';
import { creditMetrics } from '../lib/metrics';
import type { TableDeps } from '../lib/aws/dynamodb';
import { keys } from '../lib/keys';
import type { LedgerRecord, OrganizationRecord } from '../lib/records';
import {
  readOrganizationFields,
  updateOrganization,
  type OrganizationUpdate,
} from '../organizations/organization-record';

export interface CreditDeps extends TableDeps {
  now?: () => Date;
}

/** The ledger kinds a transformation writes (a grant comes from the seed or billing). */
type TransformationLedgerKind = 'reserve' | 'refund';

/** The organization cannot pay for one more transformation. Not retried. */
export class InsufficientCreditsError extends Error {
  override readonly name = 'InsufficientCreditsError';
  constructor() {
    // Keeps the words 'insufficient credits' of spec 8; clients decide by the code (architecture decision 21).
    super(TRANSFORMATION_MESSAGES.insufficientCredits);
  }
}

export class OrganizationNotFoundError extends Error {
  override readonly name = 'OrganizationNotFoundError';
}

/** The organization already holds as many open reservations (transformations in flight) as allowed. */
export class TooManyInFlightError extends Error {
  override readonly name = 'TooManyInFlightError';
  constructor(readonly limit: number) {
    super(`The organization has ${limit} transformations in flight already`);
  }
}

export interface ReserveOptions {
  /**
   * Refuse with TooManyInFlightError when the organization already holds this many open
   * reservations. The API reserves when a transformation starts and the reservation lives until
   * the job ends (settled or refunded), so open reservations are the jobs in flight.
   */
  maxOpen?: number;
}

/** A condition that raced a concurrent end of a job is tried again this many times at most. */
const RESERVE_ATTEMPTS = 3;

/**
 * Takes one credit for a transformation. Idempotent: a second call for the same id (a retried
 * step) finds the reservation and succeeds without charging again. With `maxOpen`, the same single
 * conditional update also caps the reservations the organization holds, so concurrent starts can
 * never pass the cap nor the balance (both are read and written in one item, atomically).
 */
export async function reserveCredit(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
  options: ReserveOptions = {},
): Promise<{ status: 'reserved' | 'already-reserved'; balance?: number }> {
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  for (let attempt = 1; ; attempt++) {
    try {
      const balance = await decrement(deps, orgId, transformationId, createdAt, options.maxOpen);
      // Counted when the balance moves, once: a retry finds the reservation and is not counted.
      creditMetrics.reserved({ orgId, transformationId });
      await writeLedger(deps, orgId, transformationId, 'reserve', -1, createdAt, balance);
      return { status: 'reserved', balance };
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    // The condition failed: this id holds a reservation already, the balance is short, or the cap is reached.
    const organization = await readCredits(deps, orgId);
    if (organization.reservations?.[transformationId] !== undefined) {
      // A previous attempt may have stopped between the update and the ledger write.
      await writeLedger(deps, orgId, transformationId, 'reserve', -1, organization.reservations[transformationId]);
      return { status: 'already-reserved', balance: organization.creditBalance };
    }
    if (!(organization.creditBalance >= 1)) throw new InsufficientCreditsError();
    const open = Object.keys(organization.reservations ?? {}).length;
    if (options.maxOpen !== undefined && (open >= options.maxOpen || attempt >= RESERVE_ATTEMPTS)) {
      throw new TooManyInFlightError(options.maxOpen);
    }
    // Neither holds any more: a job ended between the update and the read. Try again.
    if (attempt >= RESERVE_ATTEMPTS) throw new InsufficientCreditsError();
  }
}

/** On success: the charge stays, the reservation is cleared. Idempotent. */
export async function settleCredit(deps: CreditDeps, orgId: string, transformationId: string): Promise<void> {
  await updateOrganization(deps, orgId, {
    UpdateExpression: 'REMOVE reservations.#tx',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#tx': transformationId },
  });
}

/**
 * On failure: gives the credit back, exactly once, and only if this id holds a reservation
 * (so it is safe to call when the reservation never happened, or was refunded already).
 * A reservation taken before the balance was last reset (a new billing period) is only released:
 * the reset already restored the full monthly allowance, so a refund would push it above the plan.
 *
 * The ledger is not written in the same update (a transaction on the organization item would
 * conflict with every reservation: architecture decision 40), so the update also notes the
 * refund in `refundsToLog`; the entries are written next and the note removed last. A call that
 * stopped in between leaves the note, and any later call for the id (a retried step, MarkFailed,
 * the reconciler) writes what is missing: the ledger is never short.
 */
export async function refundCredit(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
): Promise<{ refunded: boolean; balance?: number }> {
  const refundedAt = (deps.now?.() ?? new Date()).toISOString();
  for (let attempt = 0; ; attempt++) {
    let item: OrganizationCredits;
    try {
      item = await updateCredits(deps, orgId, {
        // The reservation's date moves to the note: the reserve entry may need writing too.
        UpdateExpression:
          'SET creditBalance = creditBalance + :one, refundsToLog.#tx = reservations.#tx REMOVE reservations.#tx',
        // ISO dates compare as strings: the reservation is of the current period.
        ConditionExpression:
          'attribute_exists(reservations.#tx) AND (attribute_not_exists(creditsResetAt) OR reservations.#tx >= creditsResetAt)',
        ExpressionAttributeNames: { '#tx': transformationId },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'ALL_NEW',
      });
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      const organization = await findCredits(deps, orgId);
      // No organization, nothing reserved: nothing to give back.
      if (!organization) return { refunded: false };
      const noted = organization.refundsToLog?.[transformationId];
      if (noted !== undefined) {
        // Refunded by a call that stopped before its ledger entries.
        await logRefund(deps, orgId, transformationId, noted, refundedAt);
        return { refunded: false };
      }
      const reservedAt = organization.reservations?.[transformationId];
      if (reservedAt === undefined) return { refunded: false };
      const ofAnEarlierPeriod = organization.creditsResetAt !== undefined && reservedAt < organization.creditsResetAt;
      // Still of the current period: the condition lost a race (a reset in between); try again.
      if (!ofAnEarlierPeriod && attempt < 2) continue;
      // Charged, then the reset restored the allowance: released without refund, its charge logged.
      await writeLedger(deps, orgId, transformationId, 'reserve', -1, reservedAt);
      await releaseReservation(deps, orgId, transformationId);
      return { refunded: false };
    }
    const balance = Number(item.creditBalance);
    creditMetrics.refunded({ orgId, transformationId });
    await logRefund(deps, orgId, transformationId, item.refundsToLog?.[transformationId], refundedAt, balance);
    return { refunded: true, balance };
  }
}

/**
 * The ledger entries of a refund: its reservation's (which the reservation step may not have
 * written before its execution died) and its own; then the note goes. Each write is idempotent.
 */
async function logRefund(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
  reservedAt: string | undefined,
  refundedAt: string,
  balanceAfter?: number,
): Promise<void> {
  if (reservedAt !== undefined) await writeLedger(deps, orgId, transformationId, 'reserve', -1, reservedAt);
  await writeLedger(deps, orgId, transformationId, 'refund', 1, refundedAt, balanceAfter);
  await updateOrganization(deps, orgId, {
    UpdateExpression: 'REMOVE refundsToLog.#tx',
    ConditionExpression: 'attribute_exists(refundsToLog.#tx)',
    ExpressionAttributeNames: { '#tx': transformationId },
  }).catch((error: unknown) => {
    // Removed by a concurrent call for the same refund.
    if (!isConditionalCheckFailed(error)) throw error;
  });
}

/** Drops a reservation without touching the balance; a no-op when there is none. */
async function releaseReservation(deps: CreditDeps, orgId: string, transformationId: string): Promise<void> {
  try {
    await updateOrganization(deps, orgId, {
      UpdateExpression: 'REMOVE reservations.#tx',
      ConditionExpression: 'attribute_exists(reservations.#tx)',
      ExpressionAttributeNames: { '#tx': transformationId },
    });
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** A paid invoice of a billing period: the balance becomes the plan's monthly credits. */
export interface PeriodGrant {
  invoiceId: string;
  planId: Plan['id'];
  credits: number;
  /** ISO start of the period the invoice pays for. */
  periodStart: string;
}

export type GrantResult =
  | { status: 'granted'; balance: number }
  /** This grant was applied before (a retried or duplicated delivery). */
  | { status: 'already-granted' }
  /** The balance already belongs to this period or a later one (an out-of-order invoice). */
  | { status: 'stale' };

/**
 * Sets the balance to the period's credits (no roll-over), once per invoice and never for a
 * period older than the one the balance already holds. Reservations in flight stay; those taken
 * before this reset are released without refund by `refundCredit`.
 */
export async function grantPeriodCredits(deps: CreditDeps, orgId: string, grant: PeriodGrant): Promise<GrantResult> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  let result: GrantResult;
  let previous: number;
  try {
    const before = await updateOrganization(deps, orgId, {
      UpdateExpression:
        // Operands read the item before the update: the old balance is kept for the ledger.
        'SET creditBalanceBeforeReset = creditBalance, creditBalance = :credits, creditPlanId = :plan, creditPeriodStart = :period, creditsResetAt = :now, creditInvoiceId = :invoice, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(creditPeriodStart) OR creditPeriodStart < :period)',
      ExpressionAttributeValues: {
        ':credits': grant.credits,
        ':plan': grant.planId,
        ':period': grant.periodStart,
        ':now': now,
        ':invoice': grant.invoiceId,
      },
      ReturnValues: 'ALL_OLD',
    });
    previous = Number(before.creditBalance ?? 0);
    result = { status: 'granted', balance: grant.credits };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const organization = await readCredits(deps, orgId);
    if (organization.creditInvoiceId !== grant.invoiceId) return { status: 'stale' };
    // Applied by an attempt that may have stopped before its ledger entry: written below (a no-op when present).
    previous = organization.creditBalanceBeforeReset ?? 0;
    result = { status: 'already-granted' };
  }
  await writeGrantLedger(deps, orgId, grant.invoiceId, {
    reason: 'period',
    invoiceId: grant.invoiceId,
    planId: grant.planId,
    delta: grant.credits - previous,
    balanceAfter: grant.credits,
    createdAt: now,
  });
  return result;
}

/** An upgrade within the period whose credits the balance holds. */
export interface UpgradeGrant {
  subscriptionId: string;
  fromPlanId: Plan['id'];
  toPlanId: Plan['id'];
  /** Monthly credits of the new plan minus those of the old one (> 0). */
  difference: number;
  periodStart: string;
}

/**
 * Adds the difference between two plans' monthly credits at once, once per (period, plan): the
 * update only applies while the balance still holds the old plan's credits for that period.
 */
export async function grantUpgradeCredits(deps: CreditDeps, orgId: string, grant: UpgradeGrant): Promise<GrantResult> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const grantId = upgradeGrantId(grant);
  let result: GrantResult;
  let balanceAfter: number | undefined;
  try {
    const updated = await updateOrganization(deps, orgId, {
      // creditUpgradeId lets a retry that stopped before the ledger entry recognise its own grant.
      UpdateExpression:
        'SET creditBalance = creditBalance + :difference, creditPlanId = :to, creditUpgradeId = :grant, updatedAt = :now',
      ConditionExpression: 'creditPeriodStart = :period AND creditPlanId = :from',
      ExpressionAttributeValues: {
        ':difference': grant.difference,
        ':to': grant.toPlanId,
        ':from': grant.fromPlanId,
        ':period': grant.periodStart,
        ':grant': grantId,
        ':now': now,
      },
      ReturnValues: 'UPDATED_NEW',
    });
    balanceAfter = Number(updated.creditBalance);
    result = { status: 'granted', balance: balanceAfter };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    const organization = await readCredits(deps, orgId);
    // Not this grant (another period or plan): nothing to add, nothing to log.
    if (organization.creditUpgradeId !== grantId) return { status: 'stale' };
    result = { status: 'already-granted' };
  }
  await writeGrantLedger(deps, orgId, grantId, {
    reason: 'upgrade',
    planId: grant.toPlanId,
    delta: grant.difference,
    ...(balanceAfter !== undefined ? { balanceAfter } : {}),
    createdAt: now,
  });
  return result;
}

/** The ledger id of an upgrade grant: one per (subscription, period, plan). */
function upgradeGrantId(grant: UpgradeGrant): string {
  return `upgrade_${grant.subscriptionId}_${grant.periodStart}_${grant.toPlanId}`;
}

interface GrantLedgerFields {
  reason: 'period' | 'upgrade';
  invoiceId?: string;
  planId: Plan['id'];
  delta: number;
  balanceAfter?: number;
  createdAt: string;
}

async function writeGrantLedger(deps: CreditDeps, orgId: string, grantId: string, fields: GrantLedgerFields) {
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.tableName,
        Item: { ...keys.ledger(orgId, grantId, 'grant'), kind: 'grant', ...fields } satisfies LedgerRecord,
        ConditionExpression: 'attribute_not_exists(sk)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** The organization's fields the credits read back when a condition failed. */
const CREDIT_FIELDS = [
  'creditBalance',
  'reservations',
  'refundsToLog',
  'creditsResetAt',
  'creditInvoiceId',
  'creditBalanceBeforeReset',
  'creditUpgradeId',
] as const satisfies readonly (keyof OrganizationRecord)[];

type OrganizationCredits = Pick<OrganizationRecord, (typeof CREDIT_FIELDS)[number]>;

async function decrement(
  deps: CreditDeps,
  orgId: string,
  transformationId: string,
  at: string,
  maxOpen: number | undefined,
): Promise<number> {
  const capped = maxOpen !== undefined;
  const item = await updateCredits(deps, orgId, {
    UpdateExpression: 'SET creditBalance = creditBalance - :one, reservations.#tx = :at',
    ConditionExpression: `creditBalance >= :one AND attribute_not_exists(reservations.#tx)${
      // size() of a map counts its entries; a missing map holds none.
      capped ? ' AND (attribute_not_exists(reservations) OR size(reservations) < :maxOpen)' : ''
    }`,
    ExpressionAttributeNames: { '#tx': transformationId },
    ExpressionAttributeValues: { ':one': 1, ':at': at, ...(capped ? { ':maxOpen': maxOpen } : {}) },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(item.creditBalance);
}

/** An update of the organization's credits that sets entries of its maps (reservations, refundsToLog). */
async function updateCredits(deps: CreditDeps, orgId: string, input: OrganizationUpdate): Promise<OrganizationCredits> {
  const update = async () => (await updateOrganization(deps, orgId, input)) as OrganizationCredits;
  try {
    return await update();
  } catch (error) {
    // A nested SET needs the map to exist: organizations created before any reservation lack it.
    if (!isMissingMapPath(error)) throw error;
    await ensureCreditMaps(deps, orgId);
    return update();
  }
}

async function ensureCreditMaps(deps: CreditDeps, orgId: string): Promise<void> {
  try {
    await updateOrganization(deps, orgId, {
      UpdateExpression:
        'SET reservations = if_not_exists(reservations, :empty), refundsToLog = if_not_exists(refundsToLog, :empty)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':empty': {} },
    });
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new OrganizationNotFoundError(`Organization ${orgId} not found`);
    throw error;
  }
}

async function readCredits(deps: CreditDeps, orgId: string): Promise<OrganizationCredits> {
  const organization = await findCredits(deps, orgId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${orgId} not found`);
  return organization;
}

function findCredits(deps: CreditDeps, orgId: string): Promise<OrganizationCredits | undefined> {
  return readOrganizationFields(deps, orgId, CREDIT_FIELDS);
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
