/**
 * Engine selection per transformation type, by stage configuration (architecture decision 7,
 * decision 60): ENGINE_<TYPE> = local | bedrock | openai, e.g. ENGINE_VIRTUAL_STAGING=openai.
 * Defaults: the local sharp engine for sky replacement and enhancement, Bedrock for the rest.
 * 'bedrock' and 'openai' are the generative engine (generative/generative-engine.ts) over that
 * provider, so a retirement or an outage is a configuration change.
 *
 * Provider settings:
 * - bedrock: BEDROCK_IMAGE_MODEL_ID (inpainting: staging, refresh) and BEDROCK_ERASE_MODEL_ID
 *   (declutter), defaults in bedrock/stability-request.ts; BEDROCK_REGION (default the Lambda's);
 *   BEDROCK_ENDPOINT_URL (the local simulator). Credentials: the function's IAM role. The AWS calls
 *   are signed fetches, not SDK clients (architecture decision 32).
 * - openai: IMAGE_EDIT_API_URL (default https://api.openai.com), IMAGE_EDIT_MODEL (default in
 *   image-edit/openai-request.ts), the key from the Secrets Manager secret
 *   IMAGE_EDIT_API_SECRET_NAME; IMAGE_EDIT_API_KEY only for the local simulator.
 */
import { TRANSFORMATION_TYPES, type TransformationType } from '@vitrine/shared';
import { bedrockInvokeModel } from './bedrock/invoke-model';
import { StabilityBedrockProvider, stabilityModels } from './bedrock/stability-provider';
import { type EngineEnv, type EngineKind, engineKindFor } from './engine-kinds';
import { GenerativeEngine } from './generative/generative-engine';
import { openAiConfig } from './image-edit/openai-config';
import { OpenAiImagesProvider } from './image-edit/openai-provider';
import { LocalEngine } from './local/local-engine';
import type { ImageEngine } from './types';
import { ENV } from '../lib/env';

export type EngineSelector = (type: TransformationType) => ImageEngine;

/**
 * Checks every type's configuration at once (so a bad value fails the first invocation, not
 * the first use of that type) and returns the selector; engines are built on first use.
 */
export function createEngine(env: EngineEnv = process.env): EngineSelector {
  const kinds = Object.fromEntries(
    TRANSFORMATION_TYPES.map(({ value }) => [value, engineKindFor(value, env)]),
  ) as Record<TransformationType, EngineKind>;
  const built = new Map<EngineKind, ImageEngine>();
  return (type) => {
    const kind = kinds[type];
    let engine = built.get(kind);
    if (!engine) {
      engine = buildEngine(kind, env);
      built.set(kind, engine);
    }
    return engine;
  };
}

function buildEngine(kind: EngineKind, env: EngineEnv): ImageEngine {
  switch (kind) {
    case 'local':
      return new LocalEngine();
    case 'bedrock':
      return new GenerativeEngine(bedrockProvider(env));
    case 'openai':
      return new GenerativeEngine(openAiProvider(env));
  }
}

export function bedrockProvider(env: EngineEnv): StabilityBedrockProvider {
  return new StabilityBedrockProvider({
    invokeModel: bedrockInvokeModel({
      region: env[ENV.bedrockRegion] || env.AWS_REGION,
      ...(env[ENV.bedrockEndpointUrl] ? { endpoint: env[ENV.bedrockEndpointUrl] } : {}),
    }),
    models: stabilityModels(env),
  });
}

export function openAiProvider(env: EngineEnv): OpenAiImagesProvider {
  return new OpenAiImagesProvider(openAiConfig(env));
}
