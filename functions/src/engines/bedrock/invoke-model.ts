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
}

export function bedrockInvokeModel(config: InvokeModelConfig): InvokeModel {
  const call = awsServiceCaller({
    ...config,
    service: 'bedrock',
    endpointPrefix: 'bedrock-runtime',
  });
  return (modelId, body) =>
    call({
      method: 'POST',
      path: `/model/${encodeURIComponent(modelId)}/invoke`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    });
}
