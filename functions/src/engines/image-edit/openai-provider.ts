/**
 * The OpenAI provider: GPT Image edits with a mask over the platform's fetch, behind the generative
 * engine (decision 60). The key comes from Secrets Manager (lib/api-key.ts); the base URL and model from
 * stage configuration (the local simulator in `npm start`). The Images API takes no seed: each call
 * samples anew, so a new transformation (new seed) is a new image all the same, and the seed is
 * recorded as the variant's identity (decision 62).
 */
import { TRANSFORMATION_MESSAGES, type TransformationType } from '@vitrine/shared';
import type { EditProvider, ProviderEditRequest, ProviderEditResult } from '../generative/generative-engine';
import { EngineConfigurationError, EngineRejection, EngineThrottledError, TransientEngineError } from '../types';
import { OPENAI_TIMEOUT_MS } from '../provider-timeouts';
import type { ApiKeySource } from '../../lib/api-key';
import { buildOpenAiEditFields, OPENAI_LIMITS, openAiMask, toFormData } from './openai-request';
import { DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_IMAGE_MODEL } from './openai-config';

export interface OpenAiProviderConfig {
  baseUrl?: string;
  apiKey: ApiKeySource;
  model?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface OpenAiError {
  message?: string;
  type?: string;
  code?: string | null;
  param?: string | null;
}

export class OpenAiImagesProvider implements EditProvider {
  readonly provider = 'openai';

  constructor(private readonly config: OpenAiProviderConfig) {}

  model(): string {
    return this.config.model ?? DEFAULT_OPENAI_IMAGE_MODEL;
  }

  frameSpec() {
    return OPENAI_LIMITS.frame;
  }

  async edit(request: ProviderEditRequest): Promise<ProviderEditResult> {
    const fields = buildOpenAiEditFields(request.type as TransformationType, request.options, request, this.model());
    const url = new URL('/v1/images/edits', this.config.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
    let response: Response;
    try {
      response = await (this.config.fetch ?? fetch)(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.config.apiKey()}` },
        body: toFormData(fields, request.image, await openAiMask(request.mask)),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? OPENAI_TIMEOUT_MS),
      });
    } catch (error) {
      throw new TransientEngineError(`OpenAI unreachable: ${(error as Error).name}: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      data?: { b64_json?: string }[];
      error?: OpenAiError;
      vitrine_simulated?: boolean;
    };
    if (!response.ok) throw mapOpenAiError(response.status, body.error);
    const encoded = body.data?.[0]?.b64_json;
    if (!encoded) throw new TransientEngineError('OpenAI answered without an image');
    return { image: Buffer.from(encoded, 'base64'), seed: request.seed, simulated: body.vitrine_simulated === true };
  }
}

/** Codes that mean the photo itself was refused by OpenAI's safety system. */
const USER_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'image_generation_user_error']);
/** 429 codes that waiting cannot fix: billing and hard quota limits are ours, not a rate. */
const EXHAUSTED_CODES = new Set(['insufficient_quota', 'billing_hard_limit_reached']);

/** The API's error object (`{error: {message, type, param, code}}`) sorted into decision 63's kinds. */
export function mapOpenAiError(status: number, error: OpenAiError | undefined): Error {
  const detail = `OpenAI ${status} ${error?.code ?? error?.type ?? ''}: ${error?.message ?? ''}`.trim();
  const code = error?.code ?? '';
  if (status === 429 && !EXHAUSTED_CODES.has(code)) return new EngineThrottledError(detail);
  if (status >= 500) return new TransientEngineError(detail);
  if (status === 400 && USER_CODES.has(code)) return new EngineRejection(TRANSFORMATION_MESSAGES.engineInputFiltered);
  // 400 on a parameter, 401, 403, 404 (unknown or retired model), an exhausted quota: ours.
  return new EngineConfigurationError(detail);
}
