/**
 * The reconciler (architecture decision 40): finishes the transformations whose execution will
 * never finish them. It walks the open transformations of gsi1 created a while ago, reads each one
 * again (the index lags), and:
 * - succeeded or failed, but still open: settles or refunds its credit and closes it (a step that
 *   stopped between its record write and its credit write); a success first goes into the project
 *   its start named, as Complete would have put it (decision 122);
 * - queued or processing: asks Step Functions for its execution (named by the transformation id).
 *   Running within its timeout: left alone. Missing (never started, or the local emulator was
 *   restarted), ended, or running past its timeout: it claims the failure (no success can follow),
 *   refunds the reservation, marks the record failed with a French message and closes it.
 * Every write is conditional or idempotent, so runs may overlap each other and a late workflow
 * step: a credit comes back once, a failure is counted once, a success is never refunded.
 */
import { TRANSFORMATION_MESSAGES, type ApiErrorBody } from '@vitrine/shared';
import { refundCredit } from '../credits/credits';
import type { SaveImageDeps } from '../images/save-image';
import type { TableDeps } from '../lib/aws/dynamodb';
import type { SendQueueMessage } from '../lib/aws/sqs';
import { logger, withLogContext } from '../lib/logger';
import { millisecondsSince, transformationMetrics, type FailureReason } from '../lib/metrics';
import type { TransformationRecord } from '../lib/records';
import {
  claimFailure,
  closeTransformation,
  getTransformation,
  listOpenTransformations,
  markFailed,
  TransformationStateError,
} from '../transformations/transformation-store';
import { tellWebhooks } from './end-webhooks';
import { EXECUTION_TIMEOUT_SECONDS } from './execution-timeout';
import { fileResult } from './result-filing';
import { closeFailed, closeSucceeded, type TransformationRef } from './transformation-closing';

/**
 * Age after which an open transformation is looked at. Its API request either started the
 * execution or failed within it (API Gateway gives up after 30 s), so a missing execution is then
 * dead, not late; most transformations are closed long before.
 */
export const RECONCILE_AFTER_SECONDS = 180;

/** How often it runs: EventBridge Scheduler in AWS (infra/lib/workflow.ts), a timer locally. */
export const RECONCILE_EVERY_SECONDS = 300;

/** A running execution is given this much beyond its timeout before it counts as stuck. */
const TIMEOUT_GRACE_SECONDS = 60;

/** At most this many transformations per run (the next run takes the rest). */
const DEFAULT_LIMIT = 500;
const PAGE_SIZE = 50;
const CONCURRENCY = 4;

/** A transformation's execution as Step Functions reports it. */
export interface ExecutionState {
  /** RUNNING | SUCCEEDED | FAILED | TIMED_OUT | ABORTED | PENDING_REDRIVE */
  status: string;
  startDate?: Date;
}

export interface ReconcilerDeps extends TableDeps {
  /** The execution named by this transformation id; undefined when Step Functions has none. */
  describeExecution: (transformationId: string) => Promise<ExecutionState | undefined>;
  /** The app's save (images/save-deps.ts): a success whose start named a project is saved into it. */
  save: SaveImageDeps;
  /** The webhook queue: the ends it writes are told to the organization's endpoints, as the workflow's are. */
  sendToQueue?: SendQueueMessage;
  now?: () => Date;
}

export interface ReconcileOptions {
  /**
   * Every open transformation, whatever its age: only where no start can be in flight (the local
   * stack before it serves requests, whose restarted emulator has no execution left).
   */
  everyOpen?: boolean;
  limit?: number;
}

/** What a run did, per outcome (logged, and returned by the Lambda). */
export interface ReconcileReport {
  checked: number;
  /** Left alone: their execution runs. */
  running: number;
  /** Failed by the reconciler: their execution was gone. */
  interrupted: number;
  /** Credits given back (interrupted, or failed before their refund). */
  refunded: number;
  /** Succeeded transformations whose reservation was settled here. */
  settled: number;
  /** Taken out of the open list. */
  closed: number;
  errors: number;
}

type Outcome = 'running' | 'gone' | { closed: boolean; refunded?: boolean; settled?: boolean; interrupted?: boolean };

export async function reconcileTransformations(
  deps: ReconcilerDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = deps.now?.() ?? new Date();
  const createdBefore = options.everyOpen
    ? '\uffff'
    : new Date(now.getTime() - RECONCILE_AFTER_SECONDS * 1000).toISOString();
  const limit = options.limit ?? DEFAULT_LIMIT;
  const report: ReconcileReport = {
    checked: 0,
    running: 0,
    interrupted: 0,
    refunded: 0,
    settled: 0,
    closed: 0,
    errors: 0,
  };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listOpenTransformations(deps, createdBefore, {
      limit: Math.min(PAGE_SIZE, limit - report.checked),
      startKey,
    });
    startKey = page.next;
    await forEachLimited(page.records, CONCURRENCY, async (listed) => {
      report.checked++;
      const ref = { orgId: listed.orgId, transformationId: listed.id };
      try {
        const outcome = await withLogContext({ transformationId: ref.transformationId }, () =>
          reconcileOne(deps, ref, now),
        );
        if (outcome === 'running') report.running++;
        else if (outcome !== 'gone') {
          if (outcome.closed) report.closed++;
          if (outcome.refunded) report.refunded++;
          if (outcome.settled) report.settled++;
          if (outcome.interrupted) report.interrupted++;
        }
      } catch (error) {
        report.errors++;
        logger.error('Transformation not reconciled', { ...ref, error });
      }
    });
  } while (startKey && report.checked < limit);
  const level = report.errors > 0 ? 'error' : report.checked > report.running ? 'info' : 'debug';
  logger[level]('Transformations reconciled', { ...report });
  return report;
}

async function reconcileOne(deps: ReconcilerDeps, ref: TransformationRef, now: Date): Promise<Outcome> {
  const record = await getTransformation(deps, ref.orgId, ref.transformationId);
  if (!record?.gsi1pk) return 'gone';
  if (record.status === 'succeeded') return closeSucceededRecord(deps, record);
  if (record.status === 'failed') {
    const { refunded } = await closeFailed(deps, ref);
    if (refunded) logger.warn('Credit of a failed transformation refunded late', { orgId: ref.orgId });
    await tellWebhooks(deps, ref);
    return { closed: true, refunded };
  }
  const execution = await deps.describeExecution(ref.transformationId);
  if (execution && isAlive(execution, now)) return 'running';
  return interrupt(deps, record, execution, now);
}

function isAlive(execution: ExecutionState, now: Date): boolean {
  if (execution.status === 'PENDING_REDRIVE') return true;
  if (execution.status !== 'RUNNING') return false;
  const started = execution.startDate?.getTime();
  return started === undefined || now.getTime() - started < (EXECUTION_TIMEOUT_SECONDS + TIMEOUT_GRACE_SECONDS) * 1000;
}

/**
 * Saved where its start asked (idempotent; a failure leaves it open for the next run), settled,
 * closed, told to the webhooks (the step that stopped may not have).
 */
async function closeSucceededRecord(deps: ReconcilerDeps, record: TransformationRecord): Promise<Outcome> {
  const ref = { orgId: record.orgId, transformationId: record.id };
  await fileResult(deps.save, record);
  const closed = (await closeSucceeded(deps, ref)) === 'closed';
  await tellWebhooks(deps, ref);
  return { closed, settled: closed };
}

/** Its execution will never end it: failed, refunded, closed; unless it succeeded meanwhile. */
async function interrupt(
  deps: ReconcilerDeps,
  record: TransformationRecord,
  execution: ExecutionState | undefined,
  now: Date,
): Promise<Outcome> {
  const ref = { orgId: record.orgId, transformationId: record.id };
  try {
    await claimFailure(deps, ref.orgId, ref.transformationId);
  } catch (error) {
    // A late Complete recorded the success first: it stays succeeded and charged.
    if (!(error instanceof TransformationStateError)) throw error;
    return closeSucceededRecord(deps, record);
  }
  const { refunded } = await refundCredit(deps, ref.orgId, ref.transformationId);
  const timedOut = execution?.status === 'TIMED_OUT';
  const failure: ApiErrorBody = {
    code: 'ENGINE_FAILED',
    message: timedOut ? TRANSFORMATION_MESSAGES.timedOut : TRANSFORMATION_MESSAGES.interrupted,
  };
  const before = await markFailed(deps, ref.orgId, ref.transformationId, failure);
  const interrupted = before.status !== 'failed';
  if (interrupted) {
    const reason: FailureReason = timedOut ? 'timeout' : 'interrupted';
    const durationMs = millisecondsSince(before.createdAt, now.getTime());
    logger.warn('Transformation interrupted', {
      orgId: ref.orgId,
      type: before.type,
      reason,
      execution: execution?.status ?? 'missing',
      refunded,
      durationMs,
    });
    transformationMetrics.failed(before.type, reason, durationMs);
  }
  await closeTransformation(deps, ref.orgId, ref.transformationId);
  await tellWebhooks(deps, ref);
  return { closed: true, refunded, interrupted };
}

/** The execution ARN Step Functions gives an execution of this name (the transformation id). */
export function executionArn(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

async function forEachLimited<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
