/**
 * The Amazon Bedrock provider: Stability AI Image Services through InvokeModel (IAM auth, no
 * secret; invoke-model.ts), behind the generative engine (decision 60). Model ids and the Region
 * come from stage configuration; errors are sorted into the three kinds of decision 63.
 */
import { TRANSFORMATION_MESSAGES, type TransformationType } from '@vitrine/shared';
import { AwsServiceError } from '../../lib/aws/signed-fetch';
import { ENV } from '../../lib/env';
import type { EngineEnv } from '../engine-kinds';
import type { EditProvider, ProviderEditRequest, ProviderEditResult } from '../generative/generative-engine';
import { EngineConfigurationError, EngineRejection, EngineThrottledError, TransientEngineError } from '../types';
import type { InvokeModel } from './invoke-model';
import {
  buildStabilityRequest,
  STABILITY_LIMITS,
  STABILITY_MODEL_IDS,
  stabilityServiceFor,
  type StabilityResponse,
  type StabilityService,
} from './stability-request';

export interface StabilityProviderConfig {
  invokeModel: InvokeModel;
  /** Model id per service; the documented ids by default. */
  models?: Partial<Record<StabilityService, string>>;
}

/** Every service's model id: the documented ones, unless BEDROCK_IMAGE_MODEL_ID or BEDROCK_ERASE_MODEL_ID says otherwise. */
export function stabilityModels(env: EngineEnv): Record<StabilityService, string> {
  return {
    inpaint: env[ENV.bedrockImageModelId] || STABILITY_MODEL_IDS.inpaint,
    'erase-object': env[ENV.bedrockEraseModelId] || STABILITY_MODEL_IDS['erase-object'],
  };
}

export class StabilityBedrockProvider implements EditProvider {
  readonly provider = 'bedrock';
  private readonly models: Record<StabilityService, string>;

  constructor(private readonly config: StabilityProviderConfig) {
    this.models = { ...STABILITY_MODEL_IDS, ...config.models };
  }

  model(type: TransformationType): string {
    return this.models[stabilityServiceFor(type)];
  }

  frameSpec() {
    return STABILITY_LIMITS.frame;
  }

  async edit(request: ProviderEditRequest): Promise<ProviderEditResult> {
    const service = stabilityServiceFor(request.type);
    const body = buildStabilityRequest(service, {
      type: request.type,
      options: request.options,
      image: request.image.toString('base64'),
      mask: request.mask.toString('base64'),
      seed: request.seed,
    });
    let bytes: Uint8Array;
    try {
      bytes = await this.config.invokeModel(this.models[service], JSON.stringify(body));
    } catch (error) {
      throw mapBedrockError(error);
    }
    const response = JSON.parse(new TextDecoder().decode(bytes)) as StabilityResponse & { vitrine_simulated?: boolean };
    const reason = response.finish_reasons?.[0] ?? null;
    if (reason !== null) throw finishReasonError(reason);
    const [image] = response.images ?? [];
    if (!image) throw new TransientEngineError('Bedrock answered without an image');
    const seed = Number(response.seeds?.[0] ?? body.seed);
    return {
      image: Buffer.from(image, 'base64'),
      seed: Number.isFinite(seed) ? seed : body.seed,
      simulated: response.vitrine_simulated === true,
    };
  }
}

/**
 * The documented finish reasons: a filter on the input photo is the user's; on our prompt, ours;
 * on the output or an inference error, worth another attempt (another sample may pass).
 */
function finishReasonError(reason: string): Error {
  if (/input image/i.test(reason)) return new EngineRejection(TRANSFORMATION_MESSAGES.engineInputFiltered);
  if (/prompt/i.test(reason)) return new EngineConfigurationError(`Bedrock filtered our prompt: ${reason}`);
  return new TransientEngineError(`Bedrock: ${reason}`);
}

/**
 * Bedrock Runtime's errors (InvokeModel API reference): throttling and quotas are retried with
 * backoff; timeouts, 5xx and a model not ready are transient; access, an unknown or retired model
 * and a validation error are ours (our pipeline sends only documented sizes and fields, so a
 * ValidationException means the model or our request changed), except a content filter's.
 */
export function mapBedrockError(error: unknown): Error {
  if (!(error instanceof AwsServiceError)) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    // The connection failed or our client timeout fired: nothing was delivered.
    return new TransientEngineError(`Bedrock unreachable: ${detail}`);
  }
  const detail = `Bedrock ${error.status} ${error.name}: ${error.message}`;
  if (error.name === 'ThrottlingException' || error.name === 'ServiceQuotaExceededException' || error.status === 429) {
    return new EngineThrottledError(detail);
  }
  if (
    [
      'ModelTimeoutException',
      'ModelNotReadyException',
      'ServiceUnavailableException',
      'InternalServerException',
      'ModelErrorException',
    ].includes(error.name) ||
    error.status >= 500
  ) {
    return new TransientEngineError(detail);
  }
  if (error.name === 'ValidationException' && /content filter|blocked/i.test(error.message)) {
    return new EngineRejection(TRANSFORMATION_MESSAGES.engineInputFiltered);
  }
  return new EngineConfigurationError(detail);
}
