/**
 * The Bedrock side of the simulator: InvokeModel (POST /model/{modelId}/invoke) for Stability AI
 * Image Services (Inpaint, Erase Object). It checks requests against its own limits table, copied
 * from the documentation with the page per row, never from the adapter's constants, so a wrong
 * limit in the adapter fails the tests; it answers in the documented shapes: `{seeds,
 * finish_reasons, images}`, or an error named by `x-amzn-errortype` with `{message}`.
 */
import sharp from 'sharp';
import type { TransformationType } from '@vitrine/shared';
import { keepOutsideMask, readSimulatedRequest, simulateEdit } from './simulated-edit';

export interface ProviderReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const SERVICES_PAGE = 'https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html';
const LIFECYCLE_PAGE = 'https://docs.aws.amazon.com/bedrock/latest/userguide/model-lifecycle.html';

/** Limits of Stability AI Image Services on Bedrock, one row per documented rule. */
export const STABILITY_DOCUMENTED_LIMITS = {
  minSide: { value: 64, source: `${SERVICES_PAGE} (Inpaint, image: every side at least 64 pixels)` },
  minPixels: { value: 4_096, source: `${SERVICES_PAGE} (Inpaint, image: total pixel count at least 4,096)` },
  maxPixels: { value: 9_437_184, source: `${SERVICES_PAGE} (Inpaint, image: total pixel count at most 9,437,184)` },
  minRatio: { value: 1 / 2.5, source: `${SERVICES_PAGE} (Inpaint, image: aspect ratio between 1:2.5 and 2.5:1)` },
  maxRatio: { value: 2.5, source: `${SERVICES_PAGE} (Inpaint, image: aspect ratio between 1:2.5 and 2.5:1)` },
  prompt: { value: 10_000, source: `${SERVICES_PAGE} (Inpaint, prompt: 0 to 10,000 characters)` },
  maxSeed: { value: 4_294_967_294, source: `${SERVICES_PAGE} (seed: 0 to 4,294,967,294)` },
  maxGrowMask: { value: 20, source: `${SERVICES_PAGE} (grow_mask: 0 to 20)` },
  outputFormats: { value: ['jpeg', 'png', 'webp'], source: `${SERVICES_PAGE} (output_format)` },
} as const;

/** Model ids the simulator serves, per service, and those it answers as retired. */
const SERVED: Record<string, 'inpaint' | 'erase-object'> = {
  'us.stability.stable-image-inpaint-v1:0': 'inpaint',
  'stability.stable-image-inpaint-v1:0': 'inpaint',
  'us.stability.stable-image-erase-object-v1:0': 'erase-object',
  'stability.stable-image-erase-object-v1:0': 'erase-object',
};
/** A foundation model (or profile) id the simulator serves. */
export const isServedStabilityModel = (id: string) => id in SERVED;

/** End-of-life on 2026-09-30 (LIFECYCLE_PAGE): requests fail. */
const RETIRED = new Set(['amazon.nova-canvas-v1:0', 'amazon.titan-image-generator-v2:0']);

const FIELDS: Record<'inpaint' | 'erase-object', readonly string[]> = {
  inpaint: ['prompt', 'negative_prompt', 'image', 'mask', 'grow_mask', 'seed', 'output_format', 'style_preset'],
  'erase-object': ['image', 'mask', 'grow_mask', 'seed', 'output_format'],
};

export const bedrockError = (status: number, type: string, message: string): ProviderReply => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
  body: JSON.stringify({ message }),
});

const invalid = (message: string) => bedrockError(400, 'ValidationException', message);

type Json = Record<string, unknown>;

export interface StabilityFakeOptions {
  /** The next answer comes back shifted, as a model that redrew the room would (structure tests). */
  moveStructure?: boolean;
  /** The next answer is filtered for this documented reason. */
  finishReason?: string;
}

export async function answerStability(
  modelId: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  options: StabilityFakeOptions = {},
): Promise<ProviderReply> {
  if (!String(headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
    return bedrockError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  if (RETIRED.has(modelId)) {
    return invalid(`This model version has reached the end of its life. See ${LIFECYCLE_PAGE}`);
  }
  const service = SERVED[modelId];
  if (!service) return invalid('The provided model identifier is invalid.');
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8')) as Json;
  } catch {
    return invalid('Malformed input request: request body is not valid JSON');
  }
  const unknown = Object.keys(body).find((key) => !FIELDS[service].includes(key));
  if (unknown) return invalid(`Malformed input request: extraneous key [${unknown}] is not permitted`);
  const limits = STABILITY_DOCUMENTED_LIMITS;
  if (service === 'inpaint') {
    if (typeof body.prompt !== 'string') return invalid('Malformed input request: prompt is required');
    for (const field of ['prompt', 'negative_prompt']) {
      const value = body[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > limits.prompt.value)) {
        return invalid(`Malformed input request: ${field} must be at most ${limits.prompt.value} characters`);
      }
    }
  }
  const seed = body.seed ?? 0;
  if (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > limits.maxSeed.value) {
    return invalid(`Malformed input request: seed must be an integer from 0 to ${limits.maxSeed.value}`);
  }
  const grow = body.grow_mask ?? 5;
  if (!Number.isInteger(grow) || (grow as number) < 0 || (grow as number) > limits.maxGrowMask.value) {
    return invalid(`Malformed input request: grow_mask must be an integer from 0 to ${limits.maxGrowMask.value}`);
  }
  const format = body.output_format ?? 'png';
  if (!(limits.outputFormats.value as readonly unknown[]).includes(format)) {
    return invalid('Malformed input request: output_format must be jpeg, png or webp');
  }
  const image = await decodeImage(body.image);
  if (typeof image === 'string') return invalid(image);
  let mask: Buffer | undefined;
  if (body.mask !== undefined) {
    const decoded = await decodeImage(body.mask);
    if (typeof decoded === 'string') return invalid(decoded.replace('image', 'mask'));
    if (decoded.width !== image.width || decoded.height !== image.height) {
      return invalid('Malformed input request: mask must have the same dimensions as image');
    }
    mask = decoded.bytes;
  }
  if (options.finishReason) {
    return json({ seeds: [seed], finish_reasons: [options.finishReason], images: [] });
  }

  const type: TransformationType =
    service === 'erase-object'
      ? 'declutter'
      : /renovated/.test(String(body.prompt))
        ? 'room-refresh'
        : 'virtual-staging';
  let output = await simulateEdit(
    image.bytes,
    readSimulatedRequest(type, String(body.prompt ?? '')),
    undefined,
    seed as number,
  );
  // Like the model: the render inside the mask, the input outside it.
  if (mask) output = await keepOutsideMask(image.bytes, output, mask);
  if (options.moveStructure) output = await shifted(output);
  return json({ seeds: [seed], finish_reasons: [null], images: [output.toString('base64')], vitrine_simulated: true });
}

function json(body: object): ProviderReply {
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function decodeImage(value: unknown): Promise<{ bytes: Buffer; width: number; height: number } | string> {
  if (typeof value !== 'string' || value.length === 0) return 'Malformed input request: image must be a base64 string';
  const bytes = Buffer.from(value, 'base64');
  const limits = STABILITY_DOCUMENTED_LIMITS;
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    if (format !== 'png' && format !== 'jpeg' && format !== 'webp') {
      return 'Malformed input request: image must be a PNG, JPEG or WebP';
    }
    if (Math.min(width, height) < limits.minSide.value) {
      return `Malformed input request: image sides must be at least ${limits.minSide.value} pixels`;
    }
    const pixels = width * height;
    if (pixels < limits.minPixels.value || pixels > limits.maxPixels.value) {
      return `Malformed input request: image must have ${limits.minPixels.value} to ${limits.maxPixels.value} pixels`;
    }
    const ratio = width / height;
    if (ratio < limits.minRatio.value - 1e-9 || ratio > limits.maxRatio.value + 1e-9) {
      return 'Malformed input request: image aspect ratio must be between 1:2.5 and 2.5:1';
    }
    return { bytes, width, height };
  } catch {
    return 'Malformed input request: image is not a decodable image';
  }
}

/** The whole picture moved down and right by 8 %: every wall and window line lands elsewhere. */
async function shifted(png: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  const dx = Math.round(width * 0.08);
  const dy = Math.round(height * 0.08);
  return sharp(png)
    .extract({ left: 0, top: 0, width: width - dx, height: height - dy })
    .extend({ left: dx, top: dy, extendWith: 'copy' })
    .png()
    .toBuffer();
}
