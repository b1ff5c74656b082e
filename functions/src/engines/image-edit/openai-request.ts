/**
 * OpenAI Images API edit requests (POST /v1/images/edits, multipart/form-data) for the GPT Image
 * models (decision 60): one instruction prompt (the change, what to keep, what not to add), the
 * framed photo and a mask whose fully transparent pixels mark where to edit, as the API reference
 * defines it (https://platform.openai.com/docs/api-reference/images/createEdit). Pure.
 */
import sharp from 'sharp';
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { editInstructions, fitText, instructionPrompt } from '../generative/edit-instructions';
import type { FrameSpec } from '../generative/provider-frame';
import { DEFAULT_OPENAI_IMAGE_MODEL } from './openai-config';

/**
 * The adapter's limits: the three sizes every GPT Image model accepts for edits, prompts up to
 * 32,000 characters, images and masks as PNG under 50 MB, the mask at the image's size
 * (API reference, createEdit).
 */
export const OPENAI_LIMITS = {
  prompt: 32_000,
  frame: {
    kind: 'sizes',
    sizes: [
      { width: 1024, height: 1024 },
      { width: 1536, height: 1024 },
      { width: 1024, height: 1536 },
    ],
  },
} as const satisfies { prompt: number; frame: FrameSpec };

/** The form fields besides the image and mask files, as the API names them. */
export interface OpenAiEditFields {
  model: string;
  prompt: string;
  size: string;
  quality: 'high';
  output_format: 'png';
  n: '1';
}

export function buildOpenAiEditFields(
  type: TransformationType,
  options: TransformationOptions,
  size: { width: number; height: number },
  model: string = DEFAULT_OPENAI_IMAGE_MODEL,
): OpenAiEditFields {
  return {
    model,
    prompt: fitText(instructionPrompt(editInstructions(type, options)), OPENAI_LIMITS.prompt),
    size: `${size.width}x${size.height}`,
    quality: 'high',
    output_format: 'png',
    n: '1',
  };
}

/** Our greyscale mask (white = paint) as OpenAI's: transparent where to edit, opaque elsewhere. */
export async function openAiMask(mask: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(mask).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  const rgba = Buffer.alloc(info.width * info.height * 4);
  for (let p = 0; p < info.width * info.height; p++) rgba[p * 4 + 3] = 255 - data[p * info.channels]!;
  return sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The multipart body: the fields, then the image and the mask as PNG file parts. */
export function toFormData(fields: OpenAiEditFields, png: Buffer, mask: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
  return form;
}
