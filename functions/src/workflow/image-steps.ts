/**
 * The workflow's image steps (transformation.asl.json: Validate, Transform), the ones that run
 * sharp and the engines: the image-steps Lambda (handlers/workflow-image-steps.ts), with the sharp
 * layer and a large memory size. They never touch the table: the record steps load what they need
 * into the state (StartProcessing) and record what they return (ReserveCredit, StoreResult).
 */
import {
  TRANSFORMATION_MESSAGES,
  UPLOAD_LIMITS,
  type TransformationOptions,
  type ResultFormat,
  type TransformationType,
} from '@vitrine/shared';
import { rasterImage } from '../engines/local/raster';
import { ObjectTooLargeError } from '../lib/aws/s3-objects';
import { logger } from '../lib/logger';
import { objectKeys, UNSAVED_TAGGING } from '../lib/object-keys';
import { transformationMetrics } from '../lib/metrics';
import { InvalidImageError } from './errors';
import { encodeResult, resultFormatFor } from './result-encoding';
import { refOf, required, stepDispatcher } from './step-payload';
import type { ImageStepDeps, TransformationRef, TransformResult, ValidatedImage } from './steps';
import { providerAnswerStore } from './provider-answers';
import { THUMBNAIL, thumbnailKeyOf, thumbnailOf } from './thumbnail';
import { checkUpload, normaliseUpload, type NormalisedImage } from './validate-image';

export const normalisedKeyOf = (ref: TransformationRef, format: 'jpeg' | 'png') =>
  objectKeys.normalised(ref.orgId, ref.transformationId, format);
export const resultKeyOf = (ref: TransformationRef, format: ResultFormat) =>
  objectKeys.result(ref.orgId, ref.transformationId, format);

/**
 * The last normalised image this container validated, kept for the Transform step that follows in
 * the same execution (a warm container usually runs both): one GET of the image less. Another
 * container, or another execution in between, reads it from S3 as before (decision 127).
 */
let lastNormalised: { bucket: string; key: string; image: Buffer } | undefined;

async function readNormalised(deps: ImageStepDeps, key: string): Promise<Buffer | undefined> {
  const kept = lastNormalised;
  if (kept && kept.bucket === deps.uploadsBucket && kept.key === key) {
    lastNormalised = undefined;
    return kept.image;
  }
  return (await deps.objects.get(deps.uploadsBucket, key))?.body;
}

/** Reads the upload, validates it and stores the normalised image beside it (ReserveCredit records it). */
export async function validate(
  deps: ImageStepDeps,
  ref: TransformationRef,
  uploadKey: string,
): Promise<ValidatedImage> {
  const bytes = await readUpload(deps, uploadKey);
  const checked = await checkUpload(bytes);
  const store = (image: Buffer, format: 'jpeg' | 'png', contentType: string) =>
    deps.objects.put(deps.uploadsBucket, normalisedKeyOf(ref, format), image, {
      contentType,
      // Expires unless a saved image comes to refer to it (decision 52).
      tagging: UNSAVED_TAGGING,
    });
  // An upload kept as it is goes on its way to S3 while its decode proves it whole (decision 132):
  // every check but the decode has passed. Should the decode refuse it, the copy stays unreferenced
  // (ReserveCredit never records it) and expires as unsaved.
  const stored = checked.keptAsIs && store(bytes, checked.keptAsIs.format, checked.keptAsIs.contentType);
  let normalised: NormalisedImage;
  try {
    normalised = await normaliseUpload(bytes, checked);
  } catch (error) {
    if (stored) await stored.catch(() => undefined);
    throw error;
  }
  const normalisedKey = normalisedKeyOf(ref, normalised.format);
  const originalThumbnailKey = thumbnailKeyOf(ref, 'original');
  await Promise.all([
    stored || store(normalised.image, normalised.format, normalised.contentType),
    putThumbnail(deps, originalThumbnailKey, normalised.thumbnail),
  ]);
  lastNormalised = { bucket: deps.uploadsBucket, key: normalisedKey, image: normalised.image };
  return { normalisedKey, width: normalised.width, height: normalised.height, originalThumbnailKey };
}

/** A thumbnail (decision 44), stored in the results bucket beside the results. */
async function putThumbnail(deps: ImageStepDeps, key: string, thumbnail: Buffer) {
  await deps.objects.put(deps.resultsBucket, key, thumbnail, {
    contentType: THUMBNAIL.contentType,
    // Expires with its result unless a saved image comes to refer to it (decision 52).
    tagging: UNSAVED_TAGGING,
  });
}

async function readUpload(deps: ImageStepDeps, key: string): Promise<Buffer> {
  let upload;
  try {
    // Refused before reading the body: the presigned POST's size condition is not the only guard.
    upload = await deps.objects.get(deps.uploadsBucket, key, { maxBytes: UPLOAD_LIMITS.maxBytes });
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new InvalidImageError(TRANSFORMATION_MESSAGES.fileTooLarge);
    throw error;
  }
  if (!upload) throw new InvalidImageError(TRANSFORMATION_MESSAGES.uploadMissing);
  return upload.body;
}

/** What Transform receives in its payload: Validate's output, the type, options and seed. */
export interface TransformJob {
  image: ValidatedImage;
  type: TransformationType;
  options: TransformationOptions;
  /** Drawn at the start, one per transformation (decision 065): variants and regenerations differ. */
  seed: number;
}

/**
 * A state without a seed (an execution started before seeds were carried): one derived from the
 * transformation id, so it is still one per transformation and a rerun of the step reuses it.
 */
export function seedOf(ref: TransformationRef, seed: unknown): number {
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff) return seed;
  let hash = 0x811c9dc5;
  for (const char of ref.transformationId) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * Runs the engine and writes its result once, at the validated original's size, as a high-quality
 * JPEG or, for a PNG original with transparency, a PNG (decision 091; a 12-megapixel image cannot
 * travel in a state's payload, and a second copy would cost time).
 */
export async function transform(
  deps: ImageStepDeps,
  ref: TransformationRef,
  job: TransformJob,
): Promise<TransformResult> {
  const { image, type, options, seed } = job;
  const original = await readNormalised(deps, image.normalisedKey);
  // Validate wrote it moments ago, in this execution: its absence is a fault, retried then failed.
  if (!original) throw new Error(`The validated original ${image.normalisedKey} is missing`);
  const engine = deps.engineFor(type);
  const started = performance.now();
  // A hosted engine keeps each paid answer here before using it: a retry reuses it (decision 087).
  const answers = providerAnswerStore(deps, ref);
  const result = await engine.transform(original, type, options, { seed, answers });
  const engineMs = Math.round(performance.now() - started);
  const identity = { provider: result.provider, model: result.model, seed: result.seed };
  logger.info('Engine finished', { type, engine: engine.name, ...identity, engineMs, simulated: result.simulated });
  transformationMetrics.engineTime(type, engine.name, engineMs);
  const format = await resultFormatFor(original);
  const resultKey = resultKeyOf(ref, format);
  const thumbnailKey = thumbnailKeyOf(ref, 'result');
  // The result is encoded from the engine's pixels, and its thumbnail made from the same pixels at
  // the same time (decision 138): no decode of an intermediate PNG, no decode of the JPEG either.
  const storeResult = async () => {
    const { body, contentType } = await encodeResult(result.pixels, image.width, image.height, format);
    await deps.objects.put(deps.resultsBucket, resultKey, body, {
      contentType,
      tagging: UNSAVED_TAGGING,
      metadata: {
        width: String(image.width),
        height: String(image.height),
        engine: engine.name,
        model: result.model,
        seed: String(result.seed),
      },
    });
  };
  const storeThumbnail = async () =>
    putThumbnail(deps, thumbnailKey, await thumbnailOf(rasterImage(result.pixels), image.width, image.height));
  await Promise.all([storeResult(), storeThumbnail()]);
  return { resultKey, engine: identity, simulated: result.simulated, thumbnailKey };
}

/** The image-steps Lambda's dispatch. */
export const runImageStep = stepDispatcher<ImageStepDeps>({
  validate: (deps, payload) => validate(deps, refOf(payload), required(payload, 'uploadKey')),
  transform: (deps, payload) =>
    transform(deps, refOf(payload), {
      image: required(payload, 'image'),
      type: required(payload, 'type'),
      options: required(payload, 'options'),
      seed: seedOf(refOf(payload), (payload as { seed?: unknown }).seed),
    }),
});
