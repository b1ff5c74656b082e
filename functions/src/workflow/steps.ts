/**
 * The workflow's record steps (transformation.asl.json: credits and record updates), each a small
 * function of its dependencies and the state's payload, and the types every step shares. The
 * sharp-using steps are in image-steps.ts: this module must never load sharp, so that the
 * record-steps Lambda (handlers/workflow-record-steps.ts) runs without the sharp layer.
 */
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransformationType } from '@vitrine/shared';
import { refundCredit, reserveCredit, settleCredit } from '../credits/credits';
import type { ImageEngine } from '../engines/types';
import { markFailed, markSucceeded, recordResult } from '../transformations/transformation-store';
import { failureOf, type CaughtError } from './failure-message';
import { refOf, stepDispatcher } from './step-payload';

/** What the record steps use: the table, and the results bucket (StoreResult checks the object). */
export interface RecordStepDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  resultsBucket: string;
  now?: () => Date;
}

/** What every step may use; the image steps also read uploads and run the engines. */
export interface WorkflowDeps extends RecordStepDeps {
  uploadsBucket: string;
  /** The engine configured for a transformation type (engines/factory.ts). */
  engineFor: (type: TransformationType) => ImageEngine;
}

/** The execution input, carried by every payload. */
export interface TransformationRef {
  orgId: string;
  transformationId: string;
}

export interface ValidatedImage {
  normalisedKey: string;
  width: number;
  height: number;
}

export interface TransformResult {
  resultKey: string;
  engine: string;
  simulated: boolean;
}

export async function reserve(deps: RecordStepDeps, ref: TransformationRef): Promise<{ status: string }> {
  const { status } = await reserveCredit(deps, ref.orgId, ref.transformationId);
  return { status };
}

/** Checks the stored object and records it on the transformation. */
export async function storeResult(
  deps: RecordStepDeps,
  ref: TransformationRef,
  result: TransformResult,
): Promise<void> {
  const head = await deps.s3.send(new HeadObjectCommand({ Bucket: deps.resultsBucket, Key: result.resultKey }));
  if (head.ContentType !== 'image/png' || !head.ContentLength) {
    throw new Error(`Result ${result.resultKey} is not a stored PNG`);
  }
  await recordResult(deps, ref.orgId, ref.transformationId, result);
}

/**
 * Succeeded first: until then a failure is refunded by the Catch. Once the record says succeeded
 * the charge stands, so settling (dropping the reservation id; the balance was debited at
 * reservation) must not fail the step: a leftover id is bookkeeping, a refund would be a free result.
 */
export async function complete(deps: RecordStepDeps, ref: TransformationRef): Promise<void> {
  await markSucceeded(deps, ref.orgId, ref.transformationId);
  await settleCredit(deps, ref.orgId, ref.transformationId).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'warn', message: 'Reservation not settled', ...ref, error: String(error) }));
  });
}

export async function refund(deps: RecordStepDeps, ref: TransformationRef): Promise<{ refunded: boolean }> {
  const { refunded } = await refundCredit(deps, ref.orgId, ref.transformationId);
  return { refunded };
}

export async function fail(deps: RecordStepDeps, ref: TransformationRef, error: CaughtError | undefined) {
  const failure = failureOf(error);
  await markFailed(deps, ref.orgId, ref.transformationId, failure);
  return { message: failure.message };
}

/** The record-steps Lambda's dispatch. */
export const runRecordStep = stepDispatcher<RecordStepDeps>({
  reserveCredit: (deps, payload) => reserve(deps, refOf(payload)),
  storeResult: async (deps, payload) => {
    if (!payload.result) throw new Error('storeResult needs the Transform result');
    await storeResult(deps, refOf(payload), payload.result);
    return {};
  },
  complete: async (deps, payload) => {
    await complete(deps, refOf(payload));
    return {};
  },
  refundCredit: (deps, payload) => refund(deps, refOf(payload)),
  markFailed: (deps, payload) => fail(deps, refOf(payload), payload.error),
});
