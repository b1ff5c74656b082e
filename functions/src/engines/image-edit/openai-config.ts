/**
 * The OpenAI provider's stage configuration (decision 60), read once for the engine and for the
 * deep health check's model check. Light on purpose: no sharp, no request building.
 */
import { type ApiKeySource, secretsManagerApiKey } from '../../lib/api-key';
import { secretsManagerGetSecretString } from '../../lib/aws/secrets-manager';
import { ENV } from '../../lib/env';
import type { EngineEnv } from '../engine-kinds';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com';

/**
 * The recommended replacement of the GPT Image 1.x models, which shut down on 2026-12-01
 * (https://developers.openai.com/api/docs/deprecations); stage configuration may override.
 */
export const DEFAULT_OPENAI_IMAGE_MODEL = 'gpt-image-2.6-sunburst';

export interface OpenAiConfig {
  baseUrl: string;
  model: string;
  apiKey: ApiKeySource;
}

/**
 * IMAGE_EDIT_API_URL, IMAGE_EDIT_MODEL, and the key from the Secrets Manager secret
 * IMAGE_EDIT_API_SECRET_NAME (IMAGE_EDIT_API_KEY only for the local simulator).
 */
export function openAiConfig(env: EngineEnv): OpenAiConfig {
  const secretName = env[ENV.imageEditApiSecretName];
  const localKey = env[ENV.imageEditApiKey];
  if (!secretName && !localKey) {
    throw new Error('openai needs IMAGE_EDIT_API_SECRET_NAME (or IMAGE_EDIT_API_KEY for the local simulator)');
  }
  return {
    baseUrl: env[ENV.imageEditApiUrl] || DEFAULT_OPENAI_BASE_URL,
    model: env[ENV.imageEditModel] || DEFAULT_OPENAI_IMAGE_MODEL,
    apiKey: secretName
      ? secretsManagerApiKey(secretsManagerGetSecretString({ region: env.AWS_REGION }), secretName)
      : async () => localKey!,
  };
}
