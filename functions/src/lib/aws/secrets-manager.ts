/**
 * Secrets Manager GetSecretValue as one signed request (lib/aws/signed-fetch.ts), not the SDK
 * client, whose schemas would weigh on the image steps (architecture decision 32). Same wire call:
 * the JSON 1.1 protocol, POST / with `X-Amz-Target: secretsmanager.GetSecretValue`.
 */
import { awsServiceCaller, type AwsServiceTarget } from './signed-fetch';

/** The secret's string value (undefined for a binary secret). */
export type GetSecretString = (secretId: string) => Promise<string | undefined>;

export interface SecretsManagerConfig extends Partial<Pick<AwsServiceTarget, 'credentials' | 'fetch'>> {
  region: string | undefined;
  /** The regional endpoint unless given. */
  endpoint?: string;
}

export function secretsManagerGetSecretString(config: SecretsManagerConfig): GetSecretString {
  const call = awsServiceCaller({
    ...config,
    service: 'secretsmanager',
    endpointPrefix: 'secretsmanager',
  });
  return async (secretId) => {
    const bytes = await call({
      method: 'POST',
      path: '/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body: JSON.stringify({ SecretId: secretId }),
    });
    const { SecretString } = JSON.parse(new TextDecoder().decode(bytes)) as { SecretString?: string };
    return SecretString;
  };
}
