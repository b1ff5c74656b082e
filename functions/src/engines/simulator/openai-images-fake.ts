/**
 * The OpenAI side of the simulator: POST /v1/images/edits (multipart) with its documented
 * parameters and values, its bearer-key check, the mask rules, and its error shape
 * `{error: {message, type, param, code}}`. Its limits are its own, from the API reference (source
 * per row), never the adapter's constants. The Images API takes no seed: each answer is a new sample.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { TRANSFORMATION_TYPES, type TransformationType } from '@vitrine/shared';
import type { ProviderReply } from './stability-fake';
import { keepOutsideMask, readSimulatedRequest, simulateEdit } from './simulated-edit';

const EDIT_REFERENCE = 'https://platform.openai.com/docs/api-reference/images/createEdit';
const DEPRECATIONS = 'https://developers.openai.com/api/docs/deprecations';

export const OPENAI_DOCUMENTED_LIMITS = {
  prompt: { value: 32_000, source: `${EDIT_REFERENCE} (prompt: at most 32,000 characters for GPT image models)` },
  imageBytes: { value: 50 * 1024 * 1024, source: `${EDIT_REFERENCE} (image: png, webp or jpg under 50 MB)` },
  sizes: { value: ['1024x1024', '1536x1024', '1024x1536', 'auto'], source: `${EDIT_REFERENCE} (size)` },
  maskSameSize: { value: true, source: `${EDIT_REFERENCE} (mask: same dimensions as image, transparent = edit)` },
  models: {
    value: ['gpt-image-2.6-sunburst', 'gpt-image-2.6-flare', 'gpt-image-1.5', 'gpt-image-1-mini'],
    source: `${DEPRECATIONS} (image models not shut down as of 2026-11; 1.5 and 1-mini shut down 2026-12-01)`,
  },
} as const;

const ALLOWED: Record<string, readonly string[] | null> = {
  image: null,
  prompt: null,
  mask: null,
  model: null,
  size: OPENAI_DOCUMENTED_LIMITS.sizes.value,
  quality: ['low', 'medium', 'high', 'auto'],
  input_fidelity: ['low', 'high'],
  output_format: ['png', 'jpeg', 'webp'],
  background: ['transparent', 'opaque', 'auto'],
  n: null,
  user: null,
};
const MAX_PROMPT = OPENAI_DOCUMENTED_LIMITS.prompt.value;
const MAX_IMAGE_BYTES = OPENAI_DOCUMENTED_LIMITS.imageBytes.value;

export const openAiError = (
  status: number,
  message: string,
  param: string | null,
  code: string | null,
): ProviderReply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message, type: 'invalid_request_error', param, code } }),
});

export async function answerImageEdit(
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
  apiKey: string,
): Promise<ProviderReply> {
  if (headers.authorization !== `Bearer ${apiKey}`) {
    return openAiError(401, 'Incorrect API key provided.', null, 'invalid_api_key');
  }
  const contentType = String(headers['content-type'] ?? '');
  if (!contentType.startsWith('multipart/form-data')) {
    return openAiError(400, 'Expected a multipart/form-data request body.', null, 'invalid_request');
  }
  let form: FormData;
  try {
    form = await new Request('http://simulator/v1/images/edits', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    return openAiError(400, 'Could not parse multipart form.', null, 'invalid_request');
  }

  for (const [name, value] of form.entries()) {
    if (!(name in ALLOWED)) return openAiError(400, `Unknown parameter: '${name}'.`, name, 'unknown_parameter');
    const allowed = ALLOWED[name];
    if (allowed && (typeof value !== 'string' || !allowed.includes(value))) {
      return openAiError(
        400,
        `Invalid value for '${name}'. Supported values are: ${allowed.join(', ')}.`,
        name,
        'invalid_value',
      );
    }
  }
  const model = String(form.get('model') ?? '');
  if (!(OPENAI_DOCUMENTED_LIMITS.models.value as readonly string[]).includes(model)) {
    return {
      ...openAiError(
        404,
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'model',
        'model_not_found',
      ),
    };
  }
  const prompt = form.get('prompt');
  if (typeof prompt !== 'string' || prompt.length === 0) {
    return openAiError(400, "Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  }
  if (prompt.length > MAX_PROMPT) {
    return openAiError(
      400,
      `Invalid 'prompt': string too long (max ${MAX_PROMPT}).`,
      'prompt',
      'string_above_max_length',
    );
  }
  const n = form.get('n');
  if (n !== null && (typeof n !== 'string' || !/^([1-9]|10)$/.test(n))) {
    return openAiError(400, "Invalid value for 'n': expected an integer from 1 to 10.", 'n', 'invalid_value');
  }
  const image = form.get('image');
  if (!(image instanceof Blob)) {
    return openAiError(400, "Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  }
  if (image.size > MAX_IMAGE_BYTES) return openAiError(400, 'Image file is too large.', 'image', 'image_too_large');
  const bytes = Buffer.from(await image.arrayBuffer());
  const format = await sharp(bytes)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') {
    return openAiError(
      400,
      'Invalid image file or mode for image 1, please check your image file.',
      'image',
      'invalid_image_format',
    );
  }

  const mask = form.get('mask');
  let editable: Buffer | undefined;
  if (mask !== null) {
    if (!(mask instanceof Blob)) return openAiError(400, "Invalid 'mask': expected a file.", 'mask', 'invalid_value');
    const maskBytes = Buffer.from(await mask.arrayBuffer());
    const maskMeta = await sharp(maskBytes)
      .metadata()
      .catch(() => undefined);
    const imageMeta = await sharp(bytes).metadata();
    if (maskMeta?.format !== 'png' || !maskMeta.hasAlpha) {
      return openAiError(400, 'Invalid mask: expected a PNG with an alpha channel.', 'mask', 'invalid_image_format');
    }
    if (maskMeta.width !== imageMeta.width || maskMeta.height !== imageMeta.height) {
      return openAiError(400, 'Invalid mask: it must have the same dimensions as the image.', 'mask', 'invalid_value');
    }
    // Transparent = edit: white where the simulated model may paint.
    editable = await sharp(maskBytes).extractChannel(3).negate().png().toBuffer();
  }

  const size = String(form.get('size') ?? 'auto');
  const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number);
  // No seed in the API: every call is a new sample.
  let output = await simulateEdit(
    bytes,
    readSimulatedRequest(typeFromPrompt(prompt), prompt),
    { width: width!, height: height! },
    randomInt(0, 2 ** 32 - 1),
  );
  if (editable)
    output = await keepOutsideMask(
      await sharp(bytes).resize(width, height, { fit: 'fill' }).png().toBuffer(),
      output,
      editable,
    );
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      created: Math.floor(Date.now() / 1000),
      background: 'opaque',
      output_format: 'png',
      quality: form.get('quality') ?? 'auto',
      size,
      data: [{ b64_json: output.toString('base64') }],
      usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
      vitrine_simulated: true,
    }),
  };
}

/** Which edit the prompt asks for, to pick the simulator's treatment and caption. */
function typeFromPrompt(prompt: string): TransformationType {
  const text = prompt.toLowerCase();
  if (text.startsWith('virtually stage')) return 'virtual-staging';
  if (text.startsWith('renovate')) return 'room-refresh';
  if (text.startsWith('remove the clutter')) return 'declutter';
  if (text.startsWith('replace the sky')) return 'sky-replacement';
  return TRANSFORMATION_TYPES.find((type) => text.includes(type.value))?.value ?? 'enhance';
}
