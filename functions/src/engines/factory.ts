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
import { StabilityBedrockProvider } from './bedrock/stability-provider';
import { GENERATIVE_TYPES, GenerativeEngine } from './generative/generative-engine';
import { secretsManagerApiKey } from '../lib/api-key';
import { secretsManagerGetSecretString } from '../lib/aws/secrets-manager';
import { OpenAiImagesProvider } from './image-edit/openai-provider';
import { LOCAL_ENGINE_TYPES, LocalEngine } from './local/local-engine';
import type { ImageEngine } from './types';
import { ENV, engineEnvName } from '../lib/env';

export const ENGINE_KINDS = ['local', 'bedrock', 'openai'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

export const DEFAULT_ENGINE_KINDS: Record<TransformationType, EngineKind> = {
  'sky-replacement': 'local',
  enhance: 'local',
  'virtual-staging': 'bedrock',
  declutter: 'bedrock',
  'room-refresh': 'bedrock',
};

export type EngineEnv = Record<string, string | undefined>;
export type EngineSelector = (type: TransformationType) => ImageEngine;

/** ENGINE_<TYPE>: the name is defined with the other variables in lib/env.ts. */
export const engineVariable = engineEnvName;

/** The configured kind for a type; fails loudly on a value that cannot work. */
export function engineKindFor(type: TransformationType, env: EngineEnv): EngineKind {
  const value = env[engineVariable(type)] || DEFAULT_ENGINE_KINDS[type];
  if (!(ENGINE_KINDS as readonly string[]).includes(value)) {
    throw new Error(`${engineVariable(type)}=${value}: expected one of ${ENGINE_KINDS.join(', ')}`);
  }
  if (value === 'local' && !LOCAL_ENGINE_TYPES.includes(type)) {
    throw new Error(`${engineVariable(type)}=local: the local engine only does ${LOCAL_ENGINE_TYPES.join(', ')}`);
  }
  if (value !== 'local' && !GENERATIVE_TYPES.includes(type)) {
    throw new Error(`${engineVariable(type)}=${value}: the generative engine only does ${GENERATIVE_TYPES.join(', ')}`);
  }
  return value as EngineKind;
}

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
  const inpaint = env[ENV.bedrockImageModelId];
  const erase = env[ENV.bedrockEraseModelId];
  return new StabilityBedrockProvider({
    invokeModel: bedrockInvokeModel({
      region: env[ENV.bedrockRegion] || env.AWS_REGION,
      ...(env[ENV.bedrockEndpointUrl] ? { endpoint: env[ENV.bedrockEndpointUrl] } : {}),
    }),
    models: { ...(inpaint ? { inpaint } : {}), ...(erase ? { 'erase-object': erase } : {}) },
  });
}

export function openAiProvider(env: EngineEnv): OpenAiImagesProvider {
  const secretName = env[ENV.imageEditApiSecretName];
  const localKey = env[ENV.imageEditApiKey];
  if (!secretName && !localKey) {
    throw new Error('openai needs IMAGE_EDIT_API_SECRET_NAME (or IMAGE_EDIT_API_KEY for the local simulator)');
  }
  return new OpenAiImagesProvider({
    ...(env[ENV.imageEditApiUrl] ? { baseUrl: env[ENV.imageEditApiUrl] } : {}),
    ...(env[ENV.imageEditModel] ? { model: env[ENV.imageEditModel] } : {}),
    apiKey: secretName
      ? secretsManagerApiKey(secretsManagerGetSecretString({ region: env.AWS_REGION }), secretName)
      : async () => localKey!,
  });
}
