/**
 * Bedrock Runtime InvokeModel as one signed request (lib/aws/signed-fetch.ts), not the SDK client,
 * whose schemas cost the image steps ~40 KB (architecture decision 32). Same wire call:
 * POST /model/{modelId}/invoke on bedrock-runtime, signed for 'bedrock', JSON in and out.
 */
import { awsServiceCaller, type AwsServiceTarget } from '../../lib/aws/signed-fetch';

/** Sends a model's JSON request body, resolves to its JSON response body (bytes). */
export type InvokeModel = (modelId: string, body: string) => Promise<Uint8Array>;

export interface InvokeModelConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  /** The regional endpoint unless given (the local simulator). */
  endpoint?: string;
  /** Client timeout of one call (decision 63); a timed-out call is a TransientEngineError. */
  timeoutMs?: number;
}

/**
 * One image call's budget: Stability AI Image Services answer in seconds; two minutes leaves room
 * for a cold model and still lets two attempts (a structure retry) end inside the Transform Lambda.
 */
export const BEDROCK_TIMEOUT_MS = 120_000;

export function bedrockInvokeModel(config: InvokeModelConfig): InvokeModel {
  const base = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? BEDROCK_TIMEOUT_MS;
  const call = awsServiceCaller({
    ...config,
    service: 'bedrock',
    endpointPrefix: 'bedrock-runtime',
    fetch: (url, init) => base(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
  });
  return (modelId, body) =>
    call({
      method: 'POST',
      path: `/model/${encodeURIComponent(modelId)}/invoke`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
}
