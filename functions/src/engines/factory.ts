/**
 * Engine selection per transformation type, by configuration (architecture decision 7):
 * ENGINE_<TYPE> = local | bedrock | image-edit-api, e.g. ENGINE_VIRTUAL_STAGING=image-edit-api.
 * Defaults: the local sharp engine for sky replacement and enhancement, Bedrock for the rest.
 *
 * Provider settings:
 * - bedrock: BEDROCK_IMAGE_MODEL_ID (default amazon.nova-canvas-v1:0), BEDROCK_REGION (default
 *   the Lambda's region; Nova Canvas runs in us-east-1, eu-west-1, ap-northeast-1), and the
 *   endpoint from BEDROCK_ENDPOINT_URL (the local simulator). Credentials: the function's IAM role.
 *   Both providers' AWS calls are signed fetches, not SDK clients (architecture decision 32).
 * - image-edit-api: IMAGE_EDIT_API_URL (default https://api.openai.com), IMAGE_EDIT_MODEL
 *   (default gpt-image-1), the key from the Secrets Manager secret IMAGE_EDIT_API_SECRET_NAME;
 *   IMAGE_EDIT_API_KEY only for the local simulator, which has no Secrets Manager.
 */
import { TRANSFORMATION_TYPES, type TransformationType } from '@vitrine/shared';
import { BedrockEngine } from './bedrock/bedrock-engine';
import { bedrockInvokeModel } from './bedrock/invoke-model';
import { NOVA_CANVAS_MODEL_ID } from './bedrock/nova-canvas-request';
import { secretsManagerApiKey } from '../lib/api-key';
import { secretsManagerGetSecretString } from '../lib/aws/secrets-manager';
import { ImageEditApiEngine } from './image-edit/image-edit-engine';
import { LOCAL_ENGINE_TYPES, LocalEngine } from './local/local-engine';
import type { ImageEngine } from './types';
import { ENV, engineEnvName } from '../lib/env';

export const ENGINE_KINDS = ['local', 'bedrock', 'image-edit-api'] as const;
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
      return new BedrockEngine({
        invokeModel: bedrockInvokeModel({
          region: env[ENV.bedrockRegion] || env.AWS_REGION,
          ...(env[ENV.bedrockEndpointUrl] ? { endpoint: env[ENV.bedrockEndpointUrl] } : {}),
        }),
        modelId: env[ENV.bedrockImageModelId] || NOVA_CANVAS_MODEL_ID,
      });
    case 'image-edit-api': {
      const secretName = env[ENV.imageEditApiSecretName];
      const localKey = env[ENV.imageEditApiKey];
      if (!secretName && !localKey) {
        throw new Error(
          'image-edit-api needs IMAGE_EDIT_API_SECRET_NAME (or IMAGE_EDIT_API_KEY for the local simulator)',
        );
      }
      return new ImageEditApiEngine({
        ...(env[ENV.imageEditApiUrl] ? { baseUrl: env[ENV.imageEditApiUrl] } : {}),
        ...(env[ENV.imageEditModel] ? { model: env[ENV.imageEditModel] } : {}),
        apiKey: secretName
          ? secretsManagerApiKey(secretsManagerGetSecretString({ region: env.AWS_REGION }), secretName)
          : async () => localKey!,
      });
    }
  }
}
