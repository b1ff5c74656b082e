/**
 * The workflow's image steps (transformation.asl.json: Validate, Transform), the ones that run
 * sharp and the engines: the image-steps Lambda (handlers/workflow-image-steps.ts), with the sharp
 * layer and a large memory size.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, UPLOAD_LIMITS } from '@vitrine/shared';
import { markProcessing, recordValidatedImage, requireTransformation } from '../transformations/transformation-store';
import { InvalidImageError } from './errors';
import { refOf, stepDispatcher } from './step-payload';
import type { TransformationRef, TransformResult, ValidatedImage, WorkflowDeps } from './steps';
import { validateImage } from './validate-image';

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

/** The image-steps Lambda's dispatch. */
export const runImageStep = stepDispatcher<WorkflowDeps>({
  validate: (deps, payload) => validate(deps, refOf(payload)),
  transform: (deps, payload) => transform(deps, refOf(payload)),
});
