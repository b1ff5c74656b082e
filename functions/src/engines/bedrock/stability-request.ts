/**
 * Stability AI Image Services on Amazon Bedrock (InvokeModel), as documented on
 * https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html (decision 60):
 * Inpaint (a prompt describing the whole finished photo, the image, a mask whose white pixels are
 * repainted) for staging and refresh, Erase Object (image and mask, no prompt) for declutter.
 * Pure: the same request always builds the same body.
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { editInstructions, fitText } from '../generative/edit-instructions';
import type { FrameSpec } from '../generative/provider-frame';

export type StabilityService = 'inpaint' | 'erase-object';

/** The documented model ids (US cross-Region inference profiles); stage configuration may override. */
export const STABILITY_MODEL_IDS: Record<StabilityService, string> = {
  inpaint: 'us.stability.stable-image-inpaint-v1:0',
  'erase-object': 'us.stability.stable-image-erase-object-v1:0',
};

/** Which service each generative type uses: erasing is what declutter wants, no prompt to obey. */
export function stabilityServiceFor(type: TransformationType): StabilityService {
  return type === 'declutter' ? 'erase-object' : 'inpaint';
}

/**
 * The adapter's limits (stable-image-services.html, Inpaint and Erase Object): every side at least
 * 64 px, 4,096 to 9,437,184 pixels, aspect ratio between 1:2.5 and 2.5:1, prompts up to 10,000
 * characters, seeds 0 to 4,294,967,294. We send at most 4.2 MP (2048 x 2048): the models work near
 * 1 MP and a larger upload only costs time inside the Lambda.
 */
export const STABILITY_LIMITS = {
  prompt: 10_000,
  maxSeed: 4_294_967_294,
  frame: { kind: 'range', minRatio: 1 / 2.5, maxRatio: 2.5, maxPixels: 4_194_304, minSide: 64, multiple: 8 },
} as const satisfies { prompt: number; maxSeed: number; frame: FrameSpec };

export interface StabilityInput {
  type: TransformationType;
  options: TransformationOptions;
  /** Base64 PNG of the framed photo. */
  image: string;
  /** Base64 PNG, greyscale: white where to paint. */
  mask: string;
  seed: number;
}

export type StabilityRequest =
  | {
      prompt: string;
      negative_prompt: string;
      image: string;
      mask: string;
      grow_mask: number;
      seed: number;
      output_format: 'png';
      style_preset: 'photographic';
    }
  | { image: string; mask: string; grow_mask: number; seed: number; output_format: 'png' };

/** Our mask is already dilated and feathered at compositing: the model grows it by a few pixels only. */
const GROW_MASK = 3;

export function buildStabilityRequest(service: StabilityService, input: StabilityInput): StabilityRequest {
  const seed = input.seed % (STABILITY_LIMITS.maxSeed + 1);
  if (service === 'erase-object') {
    return { image: input.image, mask: input.mask, grow_mask: GROW_MASK, seed, output_format: 'png' };
  }
  const instructions = editInstructions(input.type, input.options);
  return {
    // The documentation's guidance: describe the finished image (a caption), not a command.
    prompt: fitText(instructions.caption, STABILITY_LIMITS.prompt),
    negative_prompt: fitText(instructions.avoid.join(', '), STABILITY_LIMITS.prompt),
    image: input.image,
    mask: input.mask,
    grow_mask: GROW_MASK,
    seed,
    output_format: 'png',
    style_preset: 'photographic',
  };
}

/** The documented response: `{seeds, finish_reasons, images}`; a non-null finish reason is a filter or an error. */
export interface StabilityResponse {
  seeds?: (number | string)[];
  finish_reasons?: (string | null)[];
  images?: string[];
}
