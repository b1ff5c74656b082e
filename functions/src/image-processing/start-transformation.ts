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
 *
 * One request may ask for 1 to 4 variants of its photo (decision 065): each is a transformation of
 * its own (record, credit, seed, execution), grouped by the first one's id. Their credits are all
 * reserved before any execution starts, so a refusal starts and charges nothing. The photo is an
 * upload, or an earlier transformation of the caller's organization whose validated original a
 * rerun reuses without a new upload (decision 066). A start may name a project of the organization:
 * each variant's result is saved into it when it succeeds (decision 122).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  type ApiErrorBody,
  isTransformationType,
  PROJECTS_TEXTS,
  parseTransformationOptions,
  sniffImageType,
  TRANSFORMATION_LIMITS,
  TRANSFORMATION_MESSAGES,
  type TransformationOptions,
  type TransformationType,
  VARIANT_LIMITS,
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
import type { TransformationRecord, UploadRecord } from '../lib/records';
import { newSeed } from '../transformations/seed';
import { type ClaimOutcome, type KeyClaim, parseIdempotencyKey, requestHash, type StartSource } from './idempotency';

const variantsSchema = z
  .int({ error: TRANSFORMATION_MESSAGES.invalidVariants })
  .check(
    z.gte(VARIANT_LIMITS.min, { error: TRANSFORMATION_MESSAGES.invalidVariants }),
    z.lte(VARIANT_LIMITS.max, { error: TRANSFORMATION_MESSAGES.invalidVariants }),
  );

const startBodySchema = z.object({
  uploadId: z.optional(resourceIdSchema(TRANSFORMATION_MESSAGES.uploadNotFound)),
  sourceTransformationId: z.optional(resourceIdSchema(TRANSFORMATION_MESSAGES.uploadNotFound)),
  variants: z._default(variantsSchema, VARIANT_LIMITS.default),
  projectId: z.optional(resourceIdSchema(PROJECTS_TEXTS.notFoundOrDenied)),
});

/** The object Validate reads for a transformation, and where it comes from. */
export interface PhotoSource {
  /** The upload the photo was first sent as (kept on reruns, for the record). */
  uploadId?: string;
  /** The raw upload, or the validated original of `sourceTransformationId`. */
  uploadKey: string;
  sourceTransformationId?: string;
}

export interface QueuedTransformation {
  id: string;
  /** The API request's correlation id, carried into the workflow execution's input. */
  correlationId: string;
  orgId: string;
  userId: string;
  type: TransformationType;
  options: TransformationOptions;
  source: PhotoSource;
  /** Random uint32 for the engine (decision 065). */
  seed: number;
  /** The first variant's id; this one's place (1-based) among `variantCount`. */
  groupId: string;
  variant: number;
  variantCount: number;
  /** The registered webhook endpoint a public API start named (decision 114). */
  webhookEndpointId?: string;
  /** The organization's project its result is saved into when it succeeds (decision 122). */
  projectId?: string;
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
  /** The uploaded object's first bytes (uploads/upload-signature.ts); undefined when it was never sent. */
  readUploadSignature: (upload: UploadRecord) => Promise<Uint8Array | undefined>;
  /** A transformation of this organization (a foreign id only misses). */
  findTransformation: (orgId: string, id: string) => Promise<TransformationRecord | undefined>;
  /** A project of this organization that accepts images (the save's own check; a foreign id only misses). */
  projectAcceptsImages: (orgId: string, projectId: string) => Promise<boolean>;
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
  newSeed?: () => number;
}

export interface StartRequest {
  type: string | undefined;
  body: unknown;
  correlationId: string;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string;
  /** A registered webhook endpoint of the caller's organization, checked by the caller (public API). */
  webhookEndpointId?: string;
}

export interface StartedTransformation {
  /** The first variant (what a client of one transformation reads). */
  transformationId: string;
  /** Every variant, in order; the first one's id is the group's. */
  transformationIds: string[];
  groupId: string;
  /** True when an earlier request with the same Idempotency-Key started them. */
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
  const { uploadId, sourceTransformationId, variants, projectId } = parseBody(startBodySchema, body);
  if (uploadId && sourceTransformationId) throw new BadRequest(TRANSFORMATION_MESSAGES.twoSources);
  const source: StartSource | undefined = uploadId
    ? { uploadId }
    : sourceTransformationId
      ? { sourceTransformationId }
      : undefined;
  if (!source) throw new BadRequest(TRANSFORMATION_MESSAGES.uploadNotFound);
  const parsed = parseTransformationOptions(type, body);
  if (!parsed.success) throw new BadRequest(parsed.message);
  const idempotencyKey = parseIdempotencyKey(request.idempotencyKey);
  if (idempotencyKey === null) throw new BadRequest(TRANSFORMATION_MESSAGES.invalidIdempotencyKey);

  const ids = Array.from({ length: variants }, () => deps.newId?.() ?? randomUUID());
  const [firstId] = ids as [string, ...string[]];
  if (idempotencyKey) {
    const claim = await deps.idempotency.claim(caller.orgId, idempotencyKey, {
      transformationId: firstId,
      transformationIds: ids,
      groupId: firstId,
      requestHash: requestHash(type, source, parsed.options, variants, {
        webhookEndpointId: request.webhookEndpointId,
        projectId,
      }),
      userId: caller.userId,
    });
    if (claim.outcome === 'replay') {
      logger.info('Transformation start replayed', { transformationIds: claim.transformationIds, type });
      const { transformationIds, groupId } = claim;
      return { transformationId: transformationIds[0]!, transformationIds, groupId, replayed: true };
    }
    if (claim.outcome === 'mismatch') throw new BadRequest(TRANSFORMATION_MESSAGES.idempotencyKeyReused);
    if (claim.outcome === 'in-progress') throw new Conflict(TRANSFORMATION_MESSAGES.idempotencyKeyInProgress);
  }

  let started: QueuedTransformation[];
  try {
    started = await begin(deps, caller, {
      ids,
      type,
      options: parsed.options,
      source,
      correlationId: request.correlationId,
      ...(request.webhookEndpointId ? { webhookEndpointId: request.webhookEndpointId } : {}),
      ...(projectId ? { projectId } : {}),
    });
  } catch (error) {
    // Nothing started: a retry with the same key must be evaluated afresh, not replay a failure.
    if (idempotencyKey) await deps.idempotency.release(caller.orgId, idempotencyKey, firstId).catch(() => undefined);
    throw error;
  }
  if (idempotencyKey) {
    await deps.idempotency.markStarted(caller.orgId, idempotencyKey, firstId).catch((error: unknown) => {
      // The jobs run and are answered; a duplicate would wait, then find the claim stale.
      logger.error('Idempotency key not marked started', { transformationIds: ids, error });
    });
  }
  for (const transformation of started) {
    logger.info('Transformation started', { transformationId: transformation.id, type, groupId: firstId });
    transformationMetrics.started(type, { transformationId: transformation.id });
  }
  return { transformationId: firstId, transformationIds: ids, groupId: firstId, replayed: false };
}

interface Checked {
  ids: string[];
  type: TransformationType;
  options: TransformationOptions;
  source: StartSource;
  correlationId: string;
  webhookEndpointId?: string;
  projectId?: string;
}

/** The object to validate: the caller's upload, or the validated original of the caller's earlier transformation. */
async function photoSource(deps: StartTransformationDeps, orgId: string, source: StartSource): Promise<PhotoSource> {
  if ('uploadId' in source) {
    const upload = await deps.findUpload(orgId, source.uploadId);
    if (!upload) throw new NotFound(TRANSFORMATION_MESSAGES.uploadNotFound);
    // The file's real type, before anything is recorded or charged (decision 094).
    const signature = await deps.readUploadSignature(upload);
    if (!signature) throw new NotFound(TRANSFORMATION_MESSAGES.uploadNotFound);
    if (!sniffImageType(signature)) throw new BadRequest(TRANSFORMATION_MESSAGES.notAnImage);
    return { uploadId: upload.id, uploadKey: upload.key };
  }
  const earlier = await deps.findTransformation(orgId, source.sourceTransformationId);
  // Without a validated original (refused at validation, or not there yet) there is nothing to reuse.
  if (!earlier?.normalisedKey) throw new NotFound(TRANSFORMATION_MESSAGES.uploadNotFound);
  return {
    ...(earlier.uploadId ? { uploadId: earlier.uploadId } : {}),
    uploadKey: earlier.normalisedKey,
    sourceTransformationId: earlier.id,
  };
}

/** Every value once all have settled; else the first failure in argument order, as awaiting them one by one would throw. */
async function inOrder<A, B, C>(a: Promise<A>, b: Promise<B> | B, c: Promise<C>): Promise<[A, B, C]> {
  const settled = await Promise.allSettled([a, b, c]);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as [A, B, C];
}

/**
 * Checks, records, reserves every variant's credit, then starts them. Throws with nothing started
 * (and nothing charged) when the checks or a reservation refuse; returns the variants that started
 * (a variant whose execution could not start is refunded and failed; all of them failing throws).
 */
async function begin(
  deps: StartTransformationDeps,
  caller: { orgId: string; userId: string },
  request: Checked,
): Promise<QueuedTransformation[]> {
  // The reads before any write are independent: made at once (decision 132), the upload's two round
  // trips the only ones waited in a row, their refusals still judged in this order.
  const [source, projectAccepts, organization] = await inOrder(
    photoSource(deps, caller.orgId, request.source),
    request.projectId ? deps.projectAcceptsImages(caller.orgId, request.projectId) : true,
    deps.organizationState(caller.orgId),
  );
  if (!projectAccepts) throw new NotFound(PROJECTS_TEXTS.notFoundOrDenied);
  const count = request.ids.length;
  // Fast refusals from one read, before any write; the conditional reservations below are the authority.
  if (!organization.subscriptionActive) throw new SubscriptionRequired();
  if (organization.creditBalance < count) throw new PaymentRequired(TRANSFORMATION_MESSAGES.insufficientCredits);
  if (organization.openReservations + count > TRANSFORMATION_LIMITS.maxInFlightPerOrganization) {
    throw tooManyInFlight();
  }

  const [groupId] = request.ids as [string, ...string[]];
  const variants: QueuedTransformation[] = request.ids.map((id, index) => ({
    id,
    correlationId: request.correlationId,
    orgId: caller.orgId,
    userId: caller.userId,
    type: request.type,
    options: request.options,
    source,
    seed: deps.newSeed?.() ?? newSeed(),
    groupId,
    variant: index + 1,
    variantCount: count,
    ...(request.webhookEndpointId ? { webhookEndpointId: request.webhookEndpointId } : {}),
    ...(request.projectId ? { projectId: request.projectId } : {}),
  }));
  // The records first: a crash after a reservation leaves a queued record that the reconciler finds.
  await Promise.all(variants.map((variant) => deps.createQueued(variant)));
  for (const [index, variant] of variants.entries()) {
    try {
      await deps.reserveCredit(variant);
    } catch (error) {
      await abandon(deps, variants, index, error);
    }
  }

  const outcomes = await Promise.all(variants.map((variant) => startOne(deps, variant)));
  const started = variants.filter((_, index) => outcomes[index]);
  if (started.length === 0) throw new ServiceUnavailable(TRANSFORMATION_MESSAGES.startFailed);
  return started;
}

/**
 * A reservation failed at `failedIndex`: the credits already taken go back and every variant's
 * record is closed as failed, so the request starts and charges nothing.
 */
async function abandon(
  deps: StartTransformationDeps,
  variants: QueuedTransformation[],
  failedIndex: number,
  error: unknown,
): Promise<never> {
  const refusal = refusalOf(error);
  // A refused reservation took nothing; any other error may have come after it took the credit
  // (refunds are conditional, so a credit goes back at most once).
  const taken = variants.slice(0, refusal ? failedIndex : failedIndex + 1);
  await Promise.all(taken.map((variant) => deps.refundCredit(variant).catch(() => undefined)));
  const failure = refusal ?? new ServiceUnavailable(TRANSFORMATION_MESSAGES.startFailed);
  await Promise.all(variants.map((variant) => deps.markFailed(variant, failure.toBody()).catch(() => undefined)));
  if (refusal)
    logger.info('Transformation refused', { transformationId: variants[failedIndex]?.id, code: refusal.code });
  throw refusal ?? error;
}

/** Starts one variant's execution; when it cannot start, its credit goes back and its record fails. */
async function startOne(deps: StartTransformationDeps, transformation: QueuedTransformation): Promise<boolean> {
  try {
    await deps.startExecution(transformation);
    return true;
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
    return false;
  }
}

/** The reservation's own refusals as the API answers them. */
function refusalOf(error: unknown): HttpError | undefined {
  if (error instanceof InsufficientCreditsError)
    return new PaymentRequired(TRANSFORMATION_MESSAGES.insufficientCredits);
  if (error instanceof TooManyInFlightError) return tooManyInFlight();
  return undefined;
}
