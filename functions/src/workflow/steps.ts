/**
 * The workflow's record steps (transformation.asl.json: credits and record updates), each a small
 * function of its dependencies and the state's payload, and the types every step shares. The
 * sharp-using steps are in image-steps.ts: this module must never load sharp, so that the
 * record-steps Lambda (handlers/workflow-record-steps.ts) runs without the sharp layer.
 */
import type { S3Objects } from '../lib/aws/s3-objects';
import type { PutObjectTags } from '../lib/aws/s3-tagging';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { refundCredit, reserveCredit } from '../credits/credits';
import { newSeed } from '../transformations/seed';
import type { EngineIdentity, ImageEngine } from '../engines/types';
import type { SendQueueMessage } from '../lib/aws/sqs';
import { logger } from '../lib/logger';
import { saveDepsFor } from '../images/save-deps';
import { millisecondsSince, transformationMetrics } from '../lib/metrics';
import {
  claimFailure,
  closeTransformation,
  getTransformation,
  markFailed,
  markProcessing,
  markSucceededAndCount,
  recordResult,
  recordValidatedImage,
  TransformationStateError,
} from '../transformations/transformation-store';
import { failureOf, type CaughtError } from './failure-message';
import { failureReason } from './failure-reason';
import { refOf, required, stepDispatcher } from './step-payload';
import { fileResult } from './result-filing';
import { tellWebhooks } from './end-webhooks';
import { closeFailed, closeSucceeded, type TransformationRef } from './transformation-closing';

export type { TransformationRef } from './transformation-closing';

/**
 * What the record steps use: the table, and what saving a result into a project needs (decision
 * 122: the buckets, the objects' re-tagging). StoreResult trusts Transform's state (decision 127).
 */
export interface RecordStepDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  uploadsBucket: string;
  resultsBucket: string;
  putTags: PutObjectTags;
  now?: () => Date;
  /** The webhook queue (decision 114): a transformation's end is told to the organization's endpoints. */
  sendToQueue?: SendQueueMessage;
}

/**
 * What the image steps use: the buckets and the engines, no table (the record steps read and write
 * the record; what the image steps need travels in the state), so that Lambda needs no DynamoDB
 * client nor table grant.
 */
export interface ImageStepDeps {
  /** Objects read, written and listed without the S3 client (decision 32; issue 19's cold load). */
  objects: S3Objects;
  uploadsBucket: string;
  resultsBucket: string;
  /** The engine configured for a transformation type (engines/factory.ts). */
  engineFor: (type: TransformationType) => ImageEngine;
}

/** What every step may use (run-step.ts, the in-process workflow tests). */
export type WorkflowDeps = RecordStepDeps & ImageStepDeps;

export interface ValidatedImage {
  normalisedKey: string;
  width: number;
  height: number;
  /** Its thumbnail (workflow/thumbnail.ts), in the results bucket. */
  originalThumbnailKey: string;
}

export interface TransformResult {
  resultKey: string;
  /** Who made the result: provider, model and seed (decision 065), stored with the result. */
  engine: EngineIdentity;
  simulated: boolean;
  /** The result's thumbnail, in the results bucket. */
  thumbnailKey: string;
}

/** What StartProcessing puts in the state for the image steps. */
export interface TransformationToProcess {
  uploadKey: string;
  type: TransformationType;
  options: TransformationOptions;
  /** The engine's seed, drawn at the start (decision 065). */
  seed: number;
}

/**
 * Marks the record processing and loads what Validate and Transform need into the state, from the
 * update's own answer: one table round trip (decision 73).
 */
export async function startProcessing(deps: RecordStepDeps, ref: TransformationRef): Promise<TransformationToProcess> {
  const record = await markProcessing(deps, ref.orgId, ref.transformationId);
  // Always present: the ASL's ResultSelector fails on a missing path. A record started before seeds
  // existed (in flight across the deploy) gets one now; StoreResult records the one the engine used.
  return {
    uploadKey: record.uploadKey,
    type: record.type,
    options: record.options ?? {},
    seed: record.seed ?? newSeed(),
  };
}

/**
 * Records Validate's normalised original (idempotent: same values, status still processing), then
 * reserves the credit. Both before the charge, so a failure here costs nothing (the Catch's refund
 * is a no-op without a reservation).
 */
export async function reserve(
  deps: RecordStepDeps,
  ref: TransformationRef,
  image: ValidatedImage,
): Promise<{ status: string }> {
  await recordValidatedImage(deps, ref.orgId, ref.transformationId, image);
  const { status } = await reserveCredit(deps, ref.orgId, ref.transformationId);
  return { status };
}

/**
 * Records the result on the transformation. What Transform returned is the state: it wrote the
 * object in this execution before answering, and S3 is strongly consistent after a PUT, so the
 * object is not read back (decision 127).
 */
export async function storeResult(
  deps: RecordStepDeps,
  ref: TransformationRef,
  result: TransformResult,
): Promise<void> {
  const { resultKey, simulated, thumbnailKey, engine } = result;
  await recordResult(deps, ref.orgId, ref.transformationId, {
    resultKey,
    simulated,
    thumbnailKey,
    provider: engine.provider,
    model: engine.model,
    seed: engine.seed,
  });
}

/** The app's save (images/save-deps.ts), on this step's table and buckets. */
const saveDepsOf = (deps: RecordStepDeps) =>
  saveDepsFor({
    ddb: deps.ddb,
    tableName: deps.tableName,
    buckets: { uploads: deps.uploadsBucket, results: deps.resultsBucket },
    putTags: deps.putTags,
  });

/**
 * Succeeded first: until then a failure is refunded by the Catch (and a failure being recorded
 * refuses the success). Once the record says succeeded the charge stands, so settling (dropping the
 * reservation id; the balance was debited at reservation) must not fail the step: a leftover id is
 * bookkeeping, left with the record open for the reconciler; a refund would be a free result.
 * The result goes into the project the start named before anyone is told of the end, so a webhook
 * receiver finds it listed there (decision 122); a failure to save it fails the step, which Step
 * Functions retries (saving is idempotent), and MarkFailed tries once more when the retries ran out.
 */
export async function complete(deps: RecordStepDeps, ref: TransformationRef): Promise<void> {
  // With the organization's success count (the dashboard's total), in one transaction.
  const before = await markSucceededAndCount(deps, ref.orgId, ref.transformationId);
  // A retried Complete finds the record succeeded already: the success is reported once.
  if (before.status !== 'succeeded') {
    const durationMs = millisecondsSince(before.createdAt, (deps.now?.() ?? new Date()).getTime());
    logger.info('Transformation succeeded', { type: before.type, durationMs });
    transformationMetrics.succeeded(before.type, durationMs);
  }
  await fileResult(saveDepsOf(deps), before);
  await closeSucceeded(deps, ref);
  await tellWebhooks(deps, ref);
}

/**
 * The Catch chain's first step. It claims the failure before refunding, so no success can follow
 * the refund; a record that succeeded already (Complete failed after recording it) is never
 * refunded: its charge stands.
 */
export async function refund(deps: RecordStepDeps, ref: TransformationRef): Promise<{ refunded: boolean }> {
  try {
    await claimFailure(deps, ref.orgId, ref.transformationId);
  } catch (error) {
    if (!(error instanceof TransformationStateError)) throw error;
    logger.warn('No refund: the transformation succeeded, its charge stands', { orgId: ref.orgId });
    return { refunded: false };
  }
  const { refunded } = await refundCredit(deps, ref.orgId, ref.transformationId);
  return { refunded };
}

/**
 * Records the failure (terminal), then gives back whatever is still reserved (a no-op after
 * RefundCredit, unless RefundCredit's retries ran out) and closes the record. A record that
 * succeeded stays succeeded and charged.
 */
export async function fail(deps: RecordStepDeps, ref: TransformationRef, error: CaughtError | undefined) {
  const failure = failureOf(error);
  let before;
  try {
    before = await markFailed(deps, ref.orgId, ref.transformationId, failure);
  } catch (stateError) {
    if (!(stateError instanceof TransformationStateError)) throw stateError;
    const record = await getTransformation(deps, ref.orgId, ref.transformationId);
    if (record?.status !== 'succeeded') throw stateError;
    logger.warn('Transformation already succeeded: its charge stands', { caught: error });
    // Complete failed after recording the success: what it had left to do is done here, best effort.
    await fileResult(saveDepsOf(deps), record).catch((fileError: unknown) => {
      logger.error('Result not saved into the project named at the start', { error: fileError });
    });
    await closeSucceeded(deps, ref);
    await tellWebhooks(deps, ref);
    return {};
  }
  if (before.status !== 'failed') {
    const reason = failureReason(error);
    const durationMs = millisecondsSince(before.createdAt, (deps.now?.() ?? new Date()).getTime());
    // The caught error as Step Functions reports it: its name and Lambda's JSON cause.
    logger.warn('Transformation failed', { type: before.type, reason, code: failure.code, durationMs, caught: error });
    transformationMetrics.failed(before.type, reason, durationMs);
  }
  // Claimed by RefundCredit: a reservation may remain if its retries ran out. Otherwise the Catch
  // came before any reservation (StartProcessing, Validate, no credit): the organization is left alone.
  if (before.failingSince !== undefined) await closeFailed(deps, ref);
  else await closeTransformation(deps, ref.orgId, ref.transformationId);
  await tellWebhooks(deps, ref);
  return { message: failure.message };
}

/** The record-steps Lambda's dispatch. */
export const runRecordStep = stepDispatcher<RecordStepDeps>({
  startProcessing: (deps, payload) => startProcessing(deps, refOf(payload)),
  reserveCredit: (deps, payload) => reserve(deps, refOf(payload), required(payload, 'image')),
  storeResult: async (deps, payload) => {
    await storeResult(deps, refOf(payload), required(payload, 'result'));
    return {};
  },
  complete: async (deps, payload) => {
    await complete(deps, refOf(payload));
    return {};
  },
  refundCredit: (deps, payload) => refund(deps, refOf(payload)),
  markFailed: (deps, payload) => fail(deps, refOf(payload), payload.error),
});
