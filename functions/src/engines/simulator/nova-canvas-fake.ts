/**
 * The Bedrock side of the simulator: InvokeModel for Amazon Nova Canvas
 * (POST /model/{modelId}/invoke). Checks the request as strictly as the service documents it and
 * answers in its shapes: `{images: [base64]}`, or an error named by `x-amzn-errortype` with
 * `{message}` (how the SDK reads Bedrock errors).
 */
import sharp from 'sharp';
import type { TransformationType } from '@vitrine/shared';
import { NOVA_CANVAS_MODEL_ID, NOVA_LIMITS } from '../bedrock/nova-canvas-request';
import { readSimulatedRequest, simulateEdit } from './simulated-edit';

export interface ProviderReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const bedrockError = (status: number, type: string, message: string): ProviderReply => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': type },
  body: JSON.stringify({ message }),
});

const invalid = (message: string) => bedrockError(400, 'ValidationException', `Malformed input request: ${message}`);

type Json = Record<string, unknown>;

export async function answerNovaCanvas(
  modelId: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): Promise<ProviderReply> {
  if (!String(headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
    return bedrockError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  if (modelId !== NOVA_CANVAS_MODEL_ID) {
    return bedrockError(400, 'ValidationException', 'The provided model identifier is invalid.');
  }
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) {
    return invalid('content type must be application/json');
  }
  let body: Json;
  try {
    body = JSON.parse(raw.toString('utf8')) as Json;
  } catch {
    return invalid('request body is not valid JSON');
  }
  const config = body.imageGenerationConfig as Json | undefined;
  const configError = checkConfig(config);
  if (configError) return invalid(configError);

  if (body.taskType === 'INPAINTING') {
    const params = body.inPaintingParams as Json | undefined;
    if (!params) return invalid('inPaintingParams is required for INPAINTING');
    const unknown = Object.keys(params).filter(
      (key) => !['image', 'text', 'negativeText', 'maskPrompt', 'maskImage', 'returnMask'].includes(key),
    );
    if (unknown.length) return invalid(`extraneous key [${unknown[0]}] is not permitted`);
    if ('maskPrompt' in params === 'maskImage' in params) return invalid('exactly one of maskPrompt or maskImage');
    const textError = checkText(params, ['text', 'negativeText', 'maskPrompt']);
    if (textError) return invalid(textError);
    const image = await decodeInput(params.image);
    if (typeof image === 'string') return invalid(image);
    const request = readSimulatedRequest(guessType(params), String(params.text ?? ''));
    return reply(await simulateEdit(image.bytes, { ...request, ...seedOf(config) }));
  }
  if (body.taskType === 'IMAGE_VARIATION') {
    const params = body.imageVariationParams as Json | undefined;
    if (!params) return invalid('imageVariationParams is required for IMAGE_VARIATION');
    const images = params.images;
    if (!Array.isArray(images) || images.length < 1 || images.length > 5)
      return invalid('images must hold 1 to 5 images');
    const strength = params.similarityStrength;
    if (strength !== undefined && (typeof strength !== 'number' || strength < 0.2 || strength > 1)) {
      return invalid('similarityStrength must be between 0.2 and 1.0');
    }
    const textError = checkText(params, ['text', 'negativeText']);
    if (textError) return invalid(textError);
    const width = config?.width;
    const height = config?.height;
    const sizeError = checkOutputSize(width, height);
    if (sizeError) return invalid(sizeError);
    const image = await decodeInput(images[0]);
    if (typeof image === 'string') return invalid(image);
    const type: TransformationType = typeof strength === 'number' && strength >= 0.9 ? 'enhance' : 'room-refresh';
    return reply(
      await simulateEdit(
        image.bytes,
        { ...readSimulatedRequest(type, String(params.text ?? '')), ...seedOf(config) },
        {
          width: width as number,
          height: height as number,
        },
      ),
    );
  }
  return invalid(`taskType ${String(body.taskType)} is not supported by this simulator`);
}

/** The request's seed (checked by checkConfig), for the simulated render to vary with it. */
function seedOf(config: Json | undefined): { seed?: number } {
  return typeof config?.seed === 'number' ? { seed: config.seed } : {};
}

function reply(image: Buffer): ProviderReply {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ images: [image.toString('base64')], error: null, vitrine_simulated: true }),
  };
}

function checkConfig(config: Json | undefined): string | null {
  if (!config) return null;
  const { numberOfImages, quality, cfgScale, seed } = config;
  if (
    numberOfImages !== undefined &&
    (!Number.isInteger(numberOfImages) || (numberOfImages as number) < 1 || (numberOfImages as number) > 5)
  ) {
    return 'numberOfImages must be an integer from 1 to 5';
  }
  if (quality !== undefined && quality !== 'standard' && quality !== 'premium')
    return 'quality must be standard or premium';
  if (cfgScale !== undefined && (typeof cfgScale !== 'number' || cfgScale < 1.1 || cfgScale > 10)) {
    return 'cfgScale must be between 1.1 and 10';
  }
  if (seed !== undefined && (!Number.isInteger(seed) || (seed as number) < 0 || (seed as number) > 2147483646)) {
    return 'seed must be an integer from 0 to 2147483646';
  }
  return null;
}

function checkText(params: Json, fields: string[]): string | null {
  for (const field of fields) {
    const value = params[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length < 1 || value.length > NOVA_LIMITS.text) {
      return `${field} must be a string of 1 to ${NOVA_LIMITS.text} characters`;
    }
  }
  return null;
}

function checkOutputSize(width: unknown, height: unknown): string | null {
  const { minSide, maxSide, maxPixels, multiple } = NOVA_LIMITS;
  for (const side of [width, height]) {
    if (
      !Number.isInteger(side) ||
      (side as number) < minSide ||
      (side as number) > maxSide ||
      (side as number) % multiple
    ) {
      return `width and height must be multiples of ${multiple} from ${minSide} to ${maxSide}`;
    }
  }
  if ((width as number) * (height as number) > maxPixels) return `width x height must not exceed ${maxPixels} pixels`;
  return null;
}

async function decodeInput(value: unknown): Promise<{ bytes: Buffer } | string> {
  if (typeof value !== 'string' || value.length === 0) return 'image must be a base64 string';
  const bytes = Buffer.from(value, 'base64');
  try {
    const { format, width, height } = await sharp(bytes).metadata();
    if (format !== 'png' && format !== 'jpeg') return 'image must be a PNG or JPEG';
    const { minSide, maxSide, maxPixels } = NOVA_LIMITS;
    if (Math.min(width, height) < minSide || Math.max(width, height) > maxSide || width * height > maxPixels) {
      return `image sides must be ${minSide} to ${maxSide} px, at most ${maxPixels} pixels`;
    }
  } catch {
    return 'image is not a decodable PNG or JPEG';
  }
  return { bytes };
}

/** The simulator grades by what the mask prompt asks for, like the model would edit that region. */
function guessType(params: Json): TransformationType {
  const mask = String(params.maskPrompt ?? '');
  if (mask.includes('sky')) return 'sky-replacement';
  if (params.text === undefined) return 'declutter';
  return 'virtual-staging';
}
