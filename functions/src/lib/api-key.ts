/**
 * An API key (the image-editing API's, Stripe's) read from AWS Secrets Manager once per Lambda
 * container (a warm invocation reuses it). The secret holds the key itself, or JSON `{"apiKey": "..."}`.
 */
import type { GetSecretString } from './aws/secrets-manager';

export type ApiKeySource = () => Promise<string>;

export function secretsManagerApiKey(getSecretString: GetSecretString, secretId: string): ApiKeySource {
  let cached: Promise<string> | undefined;
  return () => {
    cached ??= read(getSecretString, secretId).catch((error: unknown) => {
      // A failed read is not cached: the next invocation tries again.
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

async function read(getSecretString: GetSecretString, secretId: string): Promise<string> {
  const SecretString = await getSecretString(secretId);
  if (!SecretString) throw new Error(`Secret ${secretId} has no string value`);
  const trimmed = SecretString.trim();
  if (!trimmed.startsWith('{')) return trimmed;
  const { apiKey } = JSON.parse(trimmed) as { apiKey?: unknown };
  if (typeof apiKey !== 'string' || apiKey === '') throw new Error(`Secret ${secretId} has no apiKey`);
  return apiKey;
}
