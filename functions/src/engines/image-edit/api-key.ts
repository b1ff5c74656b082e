/**
 * The image-editing API key, read from AWS Secrets Manager once per Lambda container (a warm
 * invocation reuses it). The secret holds the key itself, or JSON `{"apiKey": "..."}`.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export type ApiKeySource = () => Promise<string>;

export function secretsManagerApiKey(client: Pick<SecretsManagerClient, 'send'>, secretId: string): ApiKeySource {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= read(client, secretId).catch((error: unknown) => {
      // A failed read is not cached: the next invocation tries again.
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

async function read(client: Pick<SecretsManagerClient, 'send'>, secretId: string): Promise<string> {
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  const trimmed = SecretString.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  const { apiKey } = JSON.parse(trimmed) as { apiKey?: unknown };
  if (typeof apiKey !== 'string' || apiKey === '') throw new Error(`Secret ${secretId} has no apiKey`);
  return apiKey;
}
