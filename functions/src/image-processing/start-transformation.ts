/**
 * POST /api/image-processing/{type}: checks the request, records the transformation (queued),
 * reserves its credit and starts its workflow execution, named by the transformation id.
 *
 * The credit is reserved here, when the job starts, not when the workflow reaches ReserveCredit
 * (architecture decision 46): one conditional update of the organization item takes a credit only
 * while `creditBalance >= 1` and fewer than TRANSFORMATION_LIMITS.maxInFlightPerOrganization
 * reservations are open, so the API refuses exactly what the workflow would refuse (402) and caps
 * the jobs in flight per organization (429), under any concurrency. The reservation is released by
 * the job's existing end paths: Complete settles it, RefundCredit gives it back.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  type ApiErrorBody,
  isTransformationType,
  parseTransformationOptions,
  TRANSFORMATION_LIMITS,
  type TransformationOptions,
  type TransformationType,
  TRANSFORMATION_MESSAGES,
} from '@vitrine/shared';
import { InsufficientCreditsError, TooManyInFlightError } from '../credits/credits';
import {
  BadRequest,
  Conflict,
  type HttpError,
  NotFound,
  PaymentRequired,
  ServiceUnavailable,
  SubscriptionRequired,
  TooManyRequests,
} from '../lib/errors';
import { parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { transformationMetrics } from '../lib/metrics';
import { resourceIdSchema } from '../lib/ids';
import type { UploadRecord } from '../lib/records';
import { type ClaimOutcome, type KeyClaim, parseIdempotencyKey, requestHash } from './idempotency';

const uploadRefSchema = z.object({
  uploadId: resourceIdSchema(TRANSFORMATION_MESSAGES.uploadNotFound),
});

export interface QueuedTransformation {
  id: string;
  /** The API request's correlation id, carried into the workflow execution's input. */
  correlationId: string;
  orgId: string;
  userId: string;
  type: TransformationType;
  options: TransformationOptions;
  upload: UploadRecord;
}

/** What one read of the organization item tells before anything is written. */
export interface OrganizationState {
  /** False when the organization's subscription is canceled, unpaid, past due or missing. */
  subscriptionActive: boolean;
  /** Credits left, reserved ones already taken out. */
  creditBalance: number;
  /** Open reservations: the organization's transformations in flight. */
  openReservations: number;
}

/** The Idempotency-Key store (./idempotency.ts), bound to the table. */
export interface IdempotencyStore {
  claim: (orgId: string, key: string, claim: KeyClaim) => Promise<ClaimOutcome>;
  markStarted: (orgId: string, key: string, transformationId: string) => Promise<void>;
  release: (orgId: string, key: string, transformationId: string) => Promise<void>;
}

export interface StartTransformationDeps {
  findUpload: (orgId: string, uploadId: string) => Promise<UploadRecord | undefined>;
  organizationState: (orgId: string) => Promise<OrganizationState>;
  createQueued: (transformation: QueuedTransformation) => Promise<void>;
  /**
   * Takes the credit under the in-flight cap (credits.reserveCredit with `maxOpen`); throws
   * InsufficientCreditsError or TooManyInFlightError.
   */
  reserveCredit: (transformation: QueuedTransformation) => Promise<void>;
  /** Gives the credit back (a no-op without a reservation). */
  refundCredit: (transformation: QueuedTransformation) => Promise<void>;
  startExecution: (transformation: QueuedTransformation) => Promise<void>;
  /** Closes the record as failed: refused at the reservation, or its execution could not start. */
  markFailed: (transformation: QueuedTransformation, failure: ApiErrorBody) => Promise<void>;
  idempotency: IdempotencyStore;
  newId?: () => string;
}

export interface StartRequest {
  type: string | undefined;
  body: unknown;
  correlationId: string;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
}

export interface StartedTransformation {
  transformationId: string;
  /** True when an earlier request with the same Idempotency-Key started it. */
  replayed: boolean;
}

const tooManyInFlight = () =>
  new TooManyRequests(TRANSFORMATION_MESSAGES.tooManyInFlight, TRANSFORMATION_LIMITS.retryAfterSeconds);

export async function startTransformation(
  deps: StartTransformationDeps,
  caller: { orgId: string; userId: string },
  request: StartRequest,
): Promise<StartedTransformation> {
  const { type, body } = request;
  // One parameterized route: an unknown type is a 400 with a French message, not a bare 404.
  if (!isTransformationType(type)) throw new BadRequest(TRANSFORMATION_MESSAGES.unknownType);
  const { uploadId } = parseBody(uploadRefSchema, body);
  const parsed = parseTransformationOptions(type, body);
  if (!parsed.success) throw new BadRequest(parsed.message);
  const idempotencyKey = parseIdempotencyKey(request.idempotencyKey);
  if (idempotencyKey === null) throw new BadRequest(TRANSFORMATION_MESSAGES.invalidIdempotencyKey);

  const id = deps.newId?.() ?? randomUUID();
  if (idempotencyKey) {
    const hash = requestHash(type, uploadId, parsed.options);
    const claim = await deps.idempotency.claim(caller.orgId, idempotencyKey, {
      transformationId: id,
      requestHash: hash,
      userId: caller.userId,
    });
    if (claim.outcome === 'replay') {
      logger.info('Transformation start replayed', { transformationId: claim.transformationId, type });
      return { transformationId: claim.transformationId, replayed: true };
    }
    if (claim.outcome === 'mismatch') throw new BadRequest(TRANSFORMATION_MESSAGES.idempotencyKeyReused);
    if (claim.outcome === 'in-progress') throw new Conflict(TRANSFORMATION_MESSAGES.idempotencyKeyInProgress);
  }

  try {
    await begin(deps, caller, { id, type, options: parsed.options, uploadId, correlationId: request.correlationId });
  } catch (error) {
    // Nothing started: a retry with the same key must be evaluated afresh, not replay a failure.
    if (idempotencyKey) await deps.idempotency.release(caller.orgId, idempotencyKey, id).catch(() => undefined);
    throw error;
  }
  if (idempotencyKey) {
    await deps.idempotency.markStarted(caller.orgId, idempotencyKey, id).catch((error: unknown) => {
      // The job runs and is answered; a duplicate would wait, then find the claim stale.
      logger.error('Idempotency key not marked started', { transformationId: id, error });
    });
  }
  logger.info('Transformation started', { transformationId: id, type });
  transformationMetrics.started(type, { transformationId: id });
  return { transformationId: id, replayed: false };
}

interface Checked {
  id: string;
  type: TransformationType;
  options: TransformationOptions;
  uploadId: string;
  correlationId: string;
}

/** Checks, records, reserves and starts; throws with nothing started (and nothing charged) otherwise. */
async function begin(deps: StartTransformationDeps, caller: { orgId: string; userId: string }, request: Checked) {
  const upload = await deps.findUpload(caller.orgId, request.uploadId);
  if (!upload) throw new NotFound(TRANSFORMATION_MESSAGES.uploadNotFound);
  // Fast refusals from one read, before any write; the conditional reservation below is the authority.
  const organization = await deps.organizationState(caller.orgId);
  if (!organization.subscriptionActive) throw new SubscriptionRequired();
  if (organization.creditBalance < 1) throw new PaymentRequired(TRANSFORMATION_MESSAGES.insufficientCredits);
  if (organization.openReservations >= TRANSFORMATION_LIMITS.maxInFlightPerOrganization) throw tooManyInFlight();

  const transformation: QueuedTransformation = {
    id: request.id,
    correlationId: request.correlationId,
    orgId: caller.orgId,
    userId: caller.userId,
    type: request.type,
    options: request.options,
    upload,
  };
  // The record first: a crash after the reservation leaves a queued record that the reconciler finds.
  await deps.createQueued(transformation);
  try {
    await deps.reserveCredit(transformation);
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) {
      // The reservation may have happened before the error: give it back (conditional, so once).
      await deps.refundCredit(transformation).catch(() => undefined);
    }
    const failure = refusal ?? new ServiceUnavailable(TRANSFORMATION_MESSAGES.startFailed);
    await deps.markFailed(transformation, failure.toBody()).catch(() => undefined);
    if (refusal) logger.info('Transformation refused', { transformationId: transformation.id, code: refusal.code });
    throw refusal ?? error;
  }

  try {
    await deps.startExecution(transformation);
  } catch (error) {
    logger.error('StartExecution failed', { transformationId: transformation.id, type: transformation.type, error });
    transformationMetrics.failed(transformation.type, 'not-started', undefined, {
      transformationId: transformation.id,
    });

    // The user is told to try again: the credit goes back first, then the record is closed as failed.
    const failure = new ServiceUnavailable(TRANSFORMATION_MESSAGES.startFailed);
    await deps.refundCredit(transformation).catch((refundError: unknown) => {
      logger.error('Refund after a failed start failed', { transformationId: transformation.id, error: refundError });
    });
    await deps.markFailed(transformation, failure.toBody()).catch(() => undefined);
    throw failure;
  }
}

/** The reservation's own refusals as the API answers them. */
function refusalOf(error: unknown): HttpError | undefined {
  if (error instanceof InsufficientCreditsError)
    return new PaymentRequired(TRANSFORMATION_MESSAGES.insufficientCredits);
  if (error instanceof TooManyInFlightError) return tooManyInFlight();
  return undefined;
}
