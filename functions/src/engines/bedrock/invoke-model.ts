/**
 * Bedrock Runtime InvokeModel as one signed request (lib/aws/signed-fetch.ts), not the SDK client,
 * whose schemas cost the image steps ~40 KB (architecture decision 32). Same wire call:
 * POST /model/{modelId}/invoke on bedrock-runtime, signed for 'bedrock', JSON in and out.
 */
import { awsServiceCaller, type AwsServiceTarget } from '../../lib/aws/signed-fetch';
import { BEDROCK_TIMEOUT_MS } from '../provider-timeouts';

/** Sends a model's JSON request body, resolves to its JSON response body (bytes). */
export type InvokeModel = (modelId: string, body: string) => Promise<Uint8Array>;

export interface InvokeModelConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  /** The regional endpoint unless given (the local simulator). */
  endpoint?: string;
  /** Client timeout of one call (decision 63); a timed-out call is a TransientEngineError. */
  timeoutMs?: number;
}

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
