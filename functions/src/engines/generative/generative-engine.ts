/**
 * The engine of the generative types (virtual staging, declutter, room refresh) over any hosted
 * provider (decisions 60-62): the same steps whichever provider is configured, and locally with the
 * simulator in its place:
 *   1. the original at full resolution, orientation applied; a small copy for the analysis;
 *   2. the edit region of the type and options (edit-region.ts), windows, doors, ceiling protected;
 *   3. the photo and mask on the provider's canvas (provider-frame.ts), never stretched;
 *   4. the provider call with the transformation's seed, its answer stored before it is used, so a
 *      retried step reuses it instead of paying again (decision 087);
 *   5. the structure check (structure-check.ts): moved walls or windows -> one retry with a new
 *      seed, then StructureChangedError (refunded, explained in French);
 *   6. the answer composited into the original inside the feathered region: outside it, every
 *      pixel is the original's, and the result has the original's size, handed back as pixels
 *      for the pipeline to encode once (decision 138).
 */
import { TRANSFORMATION_MESSAGES, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { logger } from '../../lib/logger';
import { GENERATIVE_TYPES } from '../engine-kinds';
import { CALLS_PER_INVOCATION, CALLS_PER_TRANSFORM } from '../provider-timeouts';
import { shrinkRaster } from '../local/raster';
import {
  EngineRejection,
  StructureChangedError,
  TransformContinues,
  type EngineResult,
  type ImageEngine,
  type ProviderAnswer,
  type TransformRequest,
} from '../types';
import { composite, decodeOriented, featheredAlpha, framedInput, unframed } from './compositing';
import { editRegion, protectedStructure } from './edit-region';
import { frameFor, type FrameSpec } from './provider-frame';
import { ANALYSIS_SIDE, analyseRoom, count } from './room-analysis';
import { MIN_STRUCTURE_KEPT, structureKept } from './structure-check';

/** One edit as a provider receives it: the framed photo and mask (PNG), the type, options and seed. */
export interface ProviderEditRequest {
  type: TransformationType;
  options: TransformationOptions;
  /** PNG, RGB, at the frame's size. */
  image: Buffer;
  /** PNG, greyscale, same size: white where the provider may paint. */
  mask: Buffer;
  width: number;
  height: number;
  seed: number;
}

/** A provider's answer (the same shape the workflow stores, decision 087). */
export type ProviderEditResult = ProviderAnswer;

/** A hosted image model behind the engine: its adapter maps requests, answers and errors. */
export interface EditProvider {
  /** 'bedrock', 'openai'. */
  readonly provider: string;
  model(type: TransformationType): string;
  frameSpec(type: TransformationType): FrameSpec;
  edit(request: ProviderEditRequest): Promise<ProviderEditResult>;
}

/** A region smaller than this share of the photo: nothing to transform, the photo is refused. */
const MIN_REGION_SHARE = 0.002;

/** The retry's seed: another uint32, fixed by the first, so a rerun of the same job is reproducible. */
export function retrySeed(seed: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0) % 4_294_967_295;
}

export class GenerativeEngine implements ImageEngine {
  readonly name: string;

  constructor(private readonly provider: EditProvider) {
    this.name = provider.provider;
  }

  async transform(
    image: Buffer,
    type: TransformationType,
    options: TransformationOptions,
    { seed, answers }: TransformRequest,
  ): Promise<EngineResult> {
    if (!GENERATIVE_TYPES.includes(type)) throw new Error(`The generative engine does not handle ${type}`);
    const original = await decodeOriented(image);
    const small = await shrinkRaster(original, ANALYSIS_SIDE);
    const smallSize = { width: small.width, height: small.height };
    const analysis = analyseRoom(small);
    const region = editRegion(analysis, type, options);
    if (count(region) < region.length * MIN_REGION_SHARE) {
      throw new EngineRejection(TRANSFORMATION_MESSAGES.noEditRegion);
    }
    const protectedEdges = protectedStructure(analysis, region);
    const frame = frameFor(original.width, original.height, this.provider.frameSpec(type));
    const input = await framedInput(original, region, smallSize, frame);

    const model = this.provider.model(type);
    let callsMade = 0;
    /** The stored answer for this seed, or a paid call whose answer is stored before anything else. */
    const answerFor = async (attemptSeed: number): Promise<ProviderEditResult> => {
      const key = { provider: this.provider.provider, model, seed: attemptSeed };
      const stored = await answers?.recall(key);
      if (stored) {
        logger.info('Provider answer reused', { type, ...key });
        return stored;
      }
      if (answers && callsMade >= CALLS_PER_INVOCATION) {
        throw new TransformContinues(`The call with seed ${attemptSeed} comes in a new invocation`);
      }
      callsMade++;
      const answer = await this.provider.edit({
        type,
        options,
        ...input,
        width: frame.width,
        height: frame.height,
        seed: attemptSeed,
      });
      await answers?.keep(key, answer);
      return answer;
    };

    let attemptSeed = seed;
    for (let attempt = 1; attempt <= CALLS_PER_TRANSFORM; attempt++) {
      const answer = await answerFor(attemptSeed);
      const kept = structureKept(await unframed(answer.image, frame, smallSize), protectedEdges);
      if (kept >= MIN_STRUCTURE_KEPT) {
        const size = { width: original.width, height: original.height };
        const [edited, alpha] = await Promise.all([
          unframed(answer.image, frame, size),
          featheredAlpha(region, smallSize, size),
        ]);
        return {
          pixels: { data: composite(original, edited, alpha), ...size },
          simulated: answer.simulated,
          provider: this.provider.provider,
          model,
          seed: answer.seed,
        };
      }
      logger.warn('Result moved the room structure', { type, attempt, kept, seed: attemptSeed });
      attemptSeed = retrySeed(attemptSeed);
    }
    throw new StructureChangedError(TRANSFORMATION_MESSAGES.structureChanged);
  }
}
