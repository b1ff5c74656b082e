/**
 * The one interface every image engine implements (architecture decision 7): the local sharp
 * engine and the generative engine over a hosted provider (decisions 60-62).
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';
import type { Raster } from './local/raster';

/** What a transformation asks of an engine besides the photo, type and options. */
export interface TransformRequest {
  /**
   * A uint32 chosen per transformation when the job starts: a regenerate or another variant is a
   * new transformation with a new seed, hence a different image (decision 62).
   */
  seed: number;
  /**
   * Where the provider's billed answers of this transformation are kept (decision 087). With it, a
   * hosted engine reuses a stored answer instead of paying for it again, and makes at most one paid
   * call per invocation (`TransformContinues` asks for the next); without it (bench, adapter tests),
   * every call is made in this invocation.
   */
  answers?: ProviderAnswers;
}

/** One provider answer as it was billed: kept before it is used, so a retried step never pays twice. */
export interface ProviderAnswer {
  /** The provider's image (PNG, JPEG or WebP), at the frame's size or a scale of it. */
  image: Buffer;
  /** The seed the provider reports using (the requested one when it reports none). */
  seed: number;
  simulated: boolean;
}

/** What names one answer: the same request to the same model with the same seed. */
export interface ProviderAnswerKey {
  provider: string;
  model: string;
  seed: number;
}

export interface ProviderAnswers {
  recall(key: ProviderAnswerKey): Promise<ProviderAnswer | undefined>;
  keep(key: ProviderAnswerKey, answer: ProviderAnswer): Promise<void>;
}

/** Who made an image: stored with the result, so a result can be traced to a model and a seed. */
export interface EngineIdentity {
  /** 'local', 'bedrock', 'openai' (engines/factory.ts). */
  provider: string;
  /** The provider's model id, e.g. `us.stability.stable-image-inpaint-v1:0`. */
  model: string;
  /** The seed the image was made with (after a structure retry, the retry's seed). */
  seed: number;
}

export interface EngineResult extends EngineIdentity {
  /**
   * The result's pixels (packed RGB), at the original's size: every engine composites here, so the
   * pipeline encodes them once, in the stored format (decision 138), rather than decoding a PNG.
   */
  pixels: Raster;
  /** True when a local simulator stood in for a hosted generative model. */
  simulated: boolean;
}

export interface ImageEngine {
  readonly name: string;
  transform(
    image: Buffer,
    type: TransformationType,
    options: TransformationOptions,
    request: TransformRequest,
  ): Promise<EngineResult>;
}

/**
 * The user's photo cannot be transformed (a provider's content filter on the input, an unusable
 * photo): the French message says why; refunded, not retried, no alarm (decision 63).
 */
export class EngineRejection extends Error {
  override readonly name: string = 'EngineRejection';
}

/**
 * The result moved the room's walls, windows or doors twice in a row (decision 61): refunded,
 * explained in French, not retried by the workflow (the engine already retried once).
 */
export class StructureChangedError extends EngineRejection {
  override readonly name = 'StructureChangedError';
}

/**
 * Our side is wrong: a retired or unknown model, access denied, a request the provider calls
 * invalid, an exhausted quota or billing limit. Refunded, 'service momentanément indisponible',
 * and an alarm (its failure reason is a system one). Not retried: the next attempt would fail alike.
 */
export class EngineConfigurationError extends Error {
  override readonly name = 'EngineConfigurationError';
}

/** A failure worth retrying (timeouts, 5xx from a provider, a dropped connection). */
export class TransientEngineError extends Error {
  override readonly name: string = 'TransientEngineError';
}

/** The provider throttled us (rate limit): retried with a longer backoff within a budget, then refunded. */
export class EngineThrottledError extends TransientEngineError {
  override readonly name = 'EngineThrottledError';
}

/**
 * Not a failure: this invocation made its paid call and stored the answer; the next call is made in
 * a new invocation, sized for it (decision 087). The Transform state retries it at once; the new
 * invocation reuses every stored answer.
 */
export class TransformContinues extends Error {
  override readonly name = 'TransformContinues';
}
