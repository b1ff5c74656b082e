/**
 * OpenAI Images API edit requests (POST /v1/images/edits, multipart/form-data) for GPT Image
 * models: one instruction prompt (the change, what to keep, what not to add), the output size
 * closest to the photo's orientation, high input fidelity so the room itself is preserved.
 * Pure: the same inputs always build the same request.
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { editInstructions, instructionPrompt } from '../generative/edit-instructions';

export const DEFAULT_IMAGE_EDIT_MODEL = 'gpt-image-1';
export const IMAGE_EDIT_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
export type ImageEditSize = (typeof IMAGE_EDIT_SIZES)[number];

/** The form fields besides the image file, as the API names them. */
export interface ImageEditFields {
  model: string;
  prompt: string;
  size: ImageEditSize;
  quality: 'high';
  input_fidelity: 'high';
  output_format: 'png';
  n: '1';
}

export function buildImageEditFields(
  type: TransformationType,
  options: TransformationOptions,
  image: { width: number; height: number },
  model: string = DEFAULT_IMAGE_EDIT_MODEL,
): ImageEditFields {
  return {
    model,
    prompt: instructionPrompt(editInstructions(type, options)),
    size: imageEditSize(image.width, image.height),
    quality: 'high',
    input_fidelity: 'high',
    output_format: 'png',
    n: '1',
  };
}

/** Landscape, portrait or square output, whichever is closest to the photo's aspect ratio. */
export function imageEditSize(width: number, height: number): ImageEditSize {
  const ratio = width / height;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 1 / 1.2) return '1024x1536';
  return '1024x1024';
}

/** The multipart body: the fields, then the image as a PNG file part. */
export function toFormData(fields: ImageEditFields, png: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  return form;
}
