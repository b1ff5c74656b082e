/**
 * The one interface every image engine implements (architecture decision 7): the local sharp
 * engine, the Amazon Bedrock adapter and the image-editing API adapter.
 */
import type { TransformationOptions, TransformationType } from '@vitrine/shared';

export interface EngineResult {
  /** PNG bytes. */
  image: Buffer;
  width: number;
  height: number;
  /** True when a local simulator stood in for a hosted generative model. */
  simulated: boolean;
}

export interface ImageEngine {
  readonly name: string;
  transform(
    image: Buffer,
    type: TransformationType,
    options: TransformationOptions,
    request: { seed: number },
  ): Promise<EngineResult>;
}

/** A failure the user should read (French message); not retried by the workflow. */
export class EngineRejection extends Error {
  override readonly name = 'EngineRejection';
}

/** A failure worth retrying (throttling, timeouts, 5xx from a provider). */
export class TransientEngineError extends Error {
  override readonly name = 'TransientEngineError';
}
