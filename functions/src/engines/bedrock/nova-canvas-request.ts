/**
 * Amazon Nova Canvas (Bedrock InvokeModel) request bodies, built purely from the type, its
 * options and the prepared input image. Edits that change a region (staging, decluttering, sky)
 * use INPAINTING with a `maskPrompt`, so the model finds the region itself and leaves the rest
 * of the photo untouched; whole-room restyling and enhancement use IMAGE_VARIATION with a high
 * similarity so the room's structure stays.
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import { editInstructions } from '../generative/edit-instructions';

export const NOVA_CANVAS_MODEL_ID = 'amazon.nova-canvas-v1:0';
/** Nova Canvas limits: prompts of 1-1024 characters, images of 320-4096 px per side, at most 4.19 MP. */
export const NOVA_LIMITS = { text: 1024, minSide: 320, maxSide: 4096, maxPixels: 4_194_304, multiple: 16 } as const;

export interface NovaInputImage {
  /** Base64 PNG or JPEG, already at a size Nova accepts (novaInputSize). */
  base64: string;
  width: number;
  height: number;
}

interface GenerationConfig {
  numberOfImages: 1;
  quality: 'standard' | 'premium';
  cfgScale: number;
  seed: number;
  width?: number;
  height?: number;
}

export type NovaCanvasRequest =
  | {
      taskType: 'INPAINTING';
      inPaintingParams: { image: string; maskPrompt: string; text?: string; negativeText: string };
      imageGenerationConfig: GenerationConfig;
    }
  | {
      taskType: 'IMAGE_VARIATION';
      imageVariationParams: { images: [string]; text: string; negativeText: string; similarityStrength: number };
      imageGenerationConfig: GenerationConfig;
    };

/** How close IMAGE_VARIATION stays to the input (0.2-1.0): restyling moves more than enhancing. */
const SIMILARITY: Partial<Record<TransformationType, number>> = { 'room-refresh': 0.7, enhance: 0.95 };

export function buildNovaCanvasRequest(
  type: TransformationType,
  options: TransformationOptions,
  image: NovaInputImage,
  seed: number,
): NovaCanvasRequest {
  const instructions = editInstructions(type, options);
  // Nova's guidance: no negations in `text`; what must not appear goes to `negativeText`.
  const negativeText = fitText(instructions.avoid.join(', '));
  const config = { numberOfImages: 1 as const, quality: 'premium' as const, cfgScale: 6.5, seed };
  const variation = SIMILARITY[type];
  if (variation !== undefined) {
    return {
      taskType: 'IMAGE_VARIATION',
      imageVariationParams: {
        images: [image.base64],
        text: fitText(`${instructions.instruction} Preserve ${instructions.keep.join('; ')}.`),
        negativeText,
        similarityStrength: variation,
      },
      imageGenerationConfig: { ...config, width: image.width, height: image.height },
    };
  }
  return {
    taskType: 'INPAINTING',
    inPaintingParams: {
      image: image.base64,
      maskPrompt: instructions.region,
      // Without text, inpainting removes what the mask covers: exactly what decluttering wants.
      ...(type === 'declutter' ? {} : { text: fitText(instructions.instruction) }),
      negativeText,
    },
    imageGenerationConfig: config,
  };
}

/** The input size Nova accepts closest to the photo's, keeping its aspect ratio. */
export function novaInputSize(width: number, height: number): { width: number; height: number } {
  const { minSide, maxSide, maxPixels, multiple } = NOVA_LIMITS;
  let scale = Math.min(1, Math.sqrt(maxPixels / (width * height)), maxSide / Math.max(width, height));
  scale = Math.max(scale, minSide / Math.min(width, height));
  const snap = (side: number) => Math.max(minSide, Math.floor((side * scale) / multiple) * multiple);
  return { width: Math.min(maxSide, snap(width)), height: Math.min(maxSide, snap(height)) };
}

/** Cut at the last sentence or clause that fits. */
export function fitText(text: string, max: number = NOVA_LIMITS.text): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf(', '));
  return (end > max / 2 ? cut.slice(0, end + 1) : cut).trim();
}
