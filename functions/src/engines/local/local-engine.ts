/** The sharp-based engine: real image processing for the types classical methods handle. */
import {
  DEFAULT_SKY_TYPE,
  SKY_TYPES,
  TRANSFORMATION_MESSAGES,
  type SkyType,
  type TransformationOptions,
  type TransformationType,
} from '@vitrine/shared';
import { EngineRejection, type EngineResult, type ImageEngine, type TransformRequest } from '../types';
import { enhance } from './enhance';
import type { Raster } from './raster';
import { replaceSky } from './replace-sky';

export class LocalEngine implements ImageEngine {
  readonly name = 'local';

  /**
   * `seed` (the transformation's: a regeneration gets a new one) picks the sky's look among its
   * type's (decision 069), so 'Régénérer' paints another sky; the same seed paints the same one.
   */
  async transform(
    image: Buffer,
    type: TransformationType,
    options: TransformationOptions,
    { seed }: TransformRequest,
  ): Promise<EngineResult> {
    let pixels: Raster;
    if (type === 'enhance') pixels = await enhance(image);
    else if (type === 'sky-replacement') pixels = await replaceSky(image, skyTypeOf(options), seed);
    else throw new Error(`The local engine does not handle ${type}`);
    // HDR is deterministic; for the sky the seed picked the look (decision 069).
    return { pixels, simulated: false, provider: 'local', model: 'sharp', seed };
  }
}

function skyTypeOf(options: TransformationOptions): SkyType {
  const value = options.sky_type ?? DEFAULT_SKY_TYPE;
  const known = SKY_TYPES.find((sky) => sky.value === value);
  // Options are validated at the API already; this guards direct callers.
  if (!known) throw new EngineRejection(TRANSFORMATION_MESSAGES.invalidSkyType);
  return known.value;
}
