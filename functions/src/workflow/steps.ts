/**
 * The workflow's steps (transformation.asl.json), each a small function of its dependencies and
 * the state's payload. The Lambda handler (handlers/workflow.ts) dispatches to them on `step`.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, UPLOAD_LIMITS, type TransformationType } from '@vitrine/shared';
import { refundCredit, reserveCredit, settleCredit } from '../credits/credits';
import type { ImageEngine } from '../engines/types';
import {
  markFailed,
  markProcessing,
  markSucceeded,
  recordResult,
  recordValidatedImage,
  requireTransformation,
} from '../transformations/transformation-store';
import { InvalidImageError } from './errors';
import { failureOf, type CaughtError } from './failure-message';
import { validateImage } from './validate-image';

export interface WorkflowDeps {
  ddb: DynamoDBDocumentClient;
  tableName: string;
  s3: S3Client;
  uploadsBucket: string;
  resultsBucket: string;
  /** The engine configured for a transformation type (engines/factory.ts). */
  engineFor: (type: TransformationType) => ImageEngine;
  now?: () => Date;
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

export const normalisedKeyOf = (ref: TransformationRef, format: 'jpeg' | 'png') =>
  `normalised/${ref.orgId}/${ref.transformationId}.${format === 'jpeg' ? 'jpg' : 'png'}`;
export const resultKeyOf = (ref: TransformationRef) => `results/${ref.orgId}/${ref.transformationId}.png`;

/** Reads the upload, validates it and stores the normalised image beside it. */
export async function validate(deps: WorkflowDeps, ref: TransformationRef): Promise<ValidatedImage> {
  await markProcessing(deps, ref.orgId, ref.transformationId);
  const record = await requireTransformation(deps, ref.orgId, ref.transformationId);
  const bytes = await readUpload(deps, record.uploadKey);
  const normalised = await validateImage(bytes);
  const normalisedKey = normalisedKeyOf(ref, normalised.format);
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.uploadsBucket,
      Key: normalisedKey,
      Body: normalised.image,
      ContentType: normalised.contentType,
    }),
  );
  const validated = { normalisedKey, width: normalised.width, height: normalised.height };
  await recordValidatedImage(deps, ref.orgId, ref.transformationId, validated);
  return validated;
}

async function readUpload(deps: WorkflowDeps, key: string): Promise<Buffer> {
  let response;
  try {
    response = await deps.s3.send(new GetObjectCommand({ Bucket: deps.uploadsBucket, Key: key }));
  } catch (error) {
    if (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound')) {
      throw new InvalidImageError(TRANSFORMATION_MESSAGES.uploadMissing);
    }
    throw error;
  }
  // Refused before reading the body: the presigned POST's size condition is not the only guard.
  if ((response.ContentLength ?? 0) > UPLOAD_LIMITS.maxBytes) {
    response.Body?.transformToWebStream().cancel();
    throw new InvalidImageError(TRANSFORMATION_MESSAGES.fileTooLarge);
  }
  return Buffer.from(await response.Body!.transformToByteArray());
}

export async function reserve(deps: WorkflowDeps, ref: TransformationRef): Promise<{ status: string }> {
  const { status } = await reserveCredit(deps, ref.orgId, ref.transformationId);
  return { status };
}

/**
 * Runs the engine and writes its result once, as the final PNG at the validated original's size
 * (a 12-megapixel image cannot travel in a state's payload, and a second copy would cost time).
 */
export async function transform(deps: WorkflowDeps, ref: TransformationRef): Promise<TransformResult> {
  const record = await requireTransformation(deps, ref.orgId, ref.transformationId);
  if (!record.normalisedKey || !record.width || !record.height) {
    throw new Error(`Transformation ${ref.transformationId} has no validated image`);
  }
  const { Body } = await deps.s3.send(new GetObjectCommand({ Bucket: deps.uploadsBucket, Key: record.normalisedKey }));
  const original = Buffer.from(await Body!.transformToByteArray());
  const engine = deps.engineFor(record.type);
  const result = await engine.transform(original, record.type, record.options);
  const png = await conformResult(result.image, record.width, record.height);
  const resultKey = resultKeyOf(ref);
  await deps.s3.send(
    new PutObjectCommand({
      Bucket: deps.resultsBucket,
      Key: resultKey,
      Body: png,
      ContentType: 'image/png',
      Metadata: { width: String(record.width), height: String(record.height), engine: engine.name },
    }),
  );
  return { resultKey, engine: engine.name, simulated: result.simulated };
}

/** Hosted models answer at their own sizes: the stored result always matches the original. */
export async function conformResult(image: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  if (meta.format === 'png' && meta.width === width && meta.height === height) return image;
  return sharp(image)
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/** Checks the stored object and records it on the transformation. */
export async function storeResult(deps: WorkflowDeps, ref: TransformationRef, result: TransformResult): Promise<void> {
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
export async function complete(deps: WorkflowDeps, ref: TransformationRef): Promise<void> {
  await markSucceeded(deps, ref.orgId, ref.transformationId);
  await settleCredit(deps, ref.orgId, ref.transformationId).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'warn', message: 'Reservation not settled', ...ref, error: String(error) }));
  });
}

export async function refund(deps: WorkflowDeps, ref: TransformationRef): Promise<{ refunded: boolean }> {
  const { refunded } = await refundCredit(deps, ref.orgId, ref.transformationId);
  return { refunded };
}

export async function fail(deps: WorkflowDeps, ref: TransformationRef, error: CaughtError | undefined) {
  const failure = failureOf(error);
  await markFailed(deps, ref.orgId, ref.transformationId, failure);
  return { message: failure.message };
}
