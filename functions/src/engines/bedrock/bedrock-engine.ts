/**
 * The Amazon Bedrock adapter: Nova Canvas through InvokeModel (IAM auth, no secret; invoke-model.ts).
 * The model id comes from configuration; the endpoint too (the local simulator in `npm start`).
 */
import sharp from 'sharp';
import { TRANSFORMATION_MESSAGES, type TransformationOptions, type TransformationType } from '@vitrine/shared';
import { AwsServiceError } from '../../lib/aws/signed-fetch';
import { asPng } from '../generative/as-png';
import { EngineRejection, TransientEngineError, type EngineResult, type ImageEngine } from '../types';
import type { InvokeModel } from './invoke-model';
import { buildNovaCanvasRequest, novaInputSize } from './nova-canvas-request';

/** Bedrock errors worth another attempt (throttling, timeouts, 5xx). */
const TRANSIENT = new Set([
  'ThrottlingException',
  'ModelTimeoutException',
  'ModelNotReadyException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ServiceQuotaExceededException',
]);

export interface BedrockEngineConfig {
  invokeModel: InvokeModel;
  modelId: string;
}

/**
 * Nova Canvas takes seeds from 0 to 2,147,483,646 (imageGenerationConfig.seed,
 * https://docs.aws.amazon.com/nova/latest/userguide/image-gen-req-resp-structure.html); ours are
 * uint32 (decision 065).
 */
const NOVA_SEED_MODULUS = 2_147_483_647;

export class BedrockEngine implements ImageEngine {
  readonly name = 'bedrock';

  constructor(private readonly config: BedrockEngineConfig) {}

  async transform(
    image: Buffer,
    type: TransformationType,
    options: TransformationOptions,
    { seed }: { seed: number },
  ): Promise<EngineResult> {
    const meta = await sharp(image).metadata();
    const size = novaInputSize(meta.width, meta.height);
    const input = await sharp(image)
      .resize(size.width, size.height, { fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92 })
      .toBuffer();
    const request = buildNovaCanvasRequest(
      type,
      options,
      { base64: input.toString('base64'), ...size },
      seed % NOVA_SEED_MODULUS,
    );

    let response;
    try {
      response = await this.config.invokeModel(this.config.modelId, JSON.stringify(request));
    } catch (error) {
      throw mapBedrockError(error);
    }
    const body = JSON.parse(new TextDecoder().decode(response)) as {
      images?: string[];
      error?: string;
      vitrine_simulated?: boolean;
    };
    const [first] = body.images ?? [];
    if (body.error || !first) throw new EngineRejection(TRANSFORMATION_MESSAGES.engineRefused);
    return { ...(await asPng(Buffer.from(first, 'base64'))), simulated: body.vitrine_simulated === true };
  }
}

function mapBedrockError(error: unknown): Error {
  if (!(error instanceof Error)) return new TransientEngineError(String(error));
  // Not a service answer at all: the connection failed (reset, refused, timed out).
  if (!(error instanceof AwsServiceError)) return new TransientEngineError(`Bedrock: ${error.name}: ${error.message}`);
  const { status } = error;
  if (TRANSIENT.has(error.name) || status >= 500 || status === 429) {
    return new TransientEngineError(`Bedrock: ${error.name}: ${error.message}`);
  }
  // The model refused the input (validation, content filters): the user reads why, no retry.
  if (error.name === 'ValidationException') return new EngineRejection(TRANSFORMATION_MESSAGES.engineRefused);
  // Access denied, unknown model: configuration errors, reported as a generic failure.
  return error;
}
