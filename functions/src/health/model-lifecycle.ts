/**
 * The deep health check's model checks (decision 60): each configured generative model's lifecycle
 * state, read from its provider, so a model moving to Legacy (Bedrock) or getting a shutdown date
 * (OpenAI) alarms months before requests fail, instead of on the first failed job. A failed check
 * fails the health-check Lambda, whose errors alarm notifies ops (README: when a model is retired).
 *
 * - Bedrock: GetFoundationModel (GET /foundation-models/{id} on the control plane), whose
 *   `modelDetails.modelLifecycle.status` is ACTIVE or LEGACY; an inference profile id (`us.x`) is
 *   checked as its foundation model (`x`). An end-of-life model is not found: that fails too.
 * - OpenAI: Retrieve model (GET /v1/models/{model}), whose optional `shutdown_date` is set once the
 *   model is deprecated (https://developers.openai.com/api/docs/deprecations).
 */
import { TRANSFORMATION_TYPES } from '@vitrine/shared';
import { foundationModelOf } from '../engines/bedrock/model-ids';
import { stabilityModels } from '../engines/bedrock/stability-provider';
import { engineKindFor, type EngineEnv } from '../engines/engine-kinds';
import { DEFAULT_OPENAI_BASE_URL, openAiConfig } from '../engines/image-edit/openai-config';
import type { ApiKeySource } from '../lib/api-key';
import { awsServiceCaller, type AwsServiceTarget } from '../lib/aws/signed-fetch';
import { ENV } from '../lib/env';

export class ModelNotActiveError extends Error {
  override readonly name = 'ModelNotActiveError';
}

export type GetFoundationModel = (modelId: string) => Promise<{ status?: string }>;

export function bedrockGetFoundationModel(
  config: Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> & { region: string | undefined; endpoint?: string },
): GetFoundationModel {
  const call = awsServiceCaller({ ...config, service: 'bedrock', endpointPrefix: 'bedrock' });
  return async (modelId) => {
    const bytes = await call({
      method: 'GET',
      path: `/foundation-models/${encodeURIComponent(modelId)}`,
      headers: { accept: 'application/json' },
      body: '',
    });
    const { modelDetails } = JSON.parse(new TextDecoder().decode(bytes)) as {
      modelDetails?: { modelLifecycle?: { status?: string } };
    };
    return { status: modelDetails?.modelLifecycle?.status };
  };
}

export async function checkBedrockModel(get: GetFoundationModel, modelId: string): Promise<string> {
  const { status } = await get(foundationModelOf(modelId));
  if (status !== 'ACTIVE') throw new ModelNotActiveError(`Bedrock model ${modelId} is ${status ?? 'of unknown state'}`);
  return status;
}

export async function checkOpenAiModel(
  model: string,
  apiKey: ApiKeySource,
  options: { baseUrl?: string; fetch?: typeof fetch } = {},
): Promise<string> {
  const url = new URL(`/v1/models/${encodeURIComponent(model)}`, options.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
  const response = await (options.fetch ?? fetch)(url, {
    headers: { authorization: `Bearer ${await apiKey()}` },
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    shutdown_date?: string | null;
    error?: { code?: string };
  };
  if (!response.ok)
    throw new ModelNotActiveError(`OpenAI model ${model}: ${response.status} ${body.error?.code ?? ''}`);
  if (body.shutdown_date) throw new ModelNotActiveError(`OpenAI model ${model} shuts down on ${body.shutdown_date}`);
  return 'active';
}

/**
 * One check per configured model, named `model:<provider>:<id>`; none unless the stage asks for
 * them (MODEL_LIFECYCLE_CHECK=true on the AWS health check), so the local readiness probe does not
 * depend on a provider.
 */
export function modelLifecycleChecks(env: EngineEnv = process.env): Record<string, () => Promise<unknown>> {
  if (env[ENV.modelLifecycleCheck] !== 'true') return {};
  const kinds = new Set(TRANSFORMATION_TYPES.map(({ value }) => engineKindFor(value, env)));
  const checks: Record<string, () => Promise<unknown>> = {};
  if (kinds.has('bedrock')) {
    const get = bedrockGetFoundationModel({
      region: env[ENV.bedrockRegion] || env.AWS_REGION,
      ...(env[ENV.bedrockEndpointUrl] ? { endpoint: env[ENV.bedrockEndpointUrl] } : {}),
    });
    for (const model of new Set(Object.values(stabilityModels(env)))) {
      checks[`model:bedrock:${model}`] = () => checkBedrockModel(get, model);
    }
  }
  if (kinds.has('openai')) {
    const { model, apiKey, baseUrl } = openAiConfig(env);
    checks[`model:openai:${model}`] = () => checkOpenAiModel(model, apiKey, { baseUrl });
  }
  return checks;
}
