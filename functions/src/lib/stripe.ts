/**
 * Stripe: one SDK client per Lambda container, and the webhook signing secret.
 *
 * Locally (and in tests) the key and the signing secret come from STRIPE_API_KEY and
 * STRIPE_WEBHOOK_SIGNING_KEY, and STRIPE_API_URL points the SDK at the local stand-in. In AWS the
 * values live in Secrets Manager (STRIPE_API_KEY_SECRET_NAME, STRIPE_WEBHOOK_SIGNING_KEY_SECRET_NAME,
 * set by `bindSecret`), read once per container; STRIPE_API_URL is unset there (api.stripe.com).
 */
import Stripe from 'stripe';
import { secretsManagerApiKey, type ApiKeySource } from '../engines/image-edit/api-key';
import { secretsManagerGetSecretString } from '../engines/image-edit/get-secret-value';
import { ENV } from './env';

/**
 * The API version this code reads and writes (the installed SDK's own): payload shapes change
 * between versions (e.g. period dates moved to subscription items), so it never floats.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** A value from the environment (local) or from the named Secrets Manager secret (AWS). */
function secretSource(valueEnv: string, secretNameEnv: string): ApiKeySource {
  let source: ApiKeySource | undefined;
  return () => {
    if (!source) {
      const local = process.env[valueEnv];
      const secretName = process.env[secretNameEnv];
      if (local) source = async () => local;
      // One signed request, not the SDK client (architecture decision 32).
      else if (secretName)
        source = secretsManagerApiKey(secretsManagerGetSecretString({ region: process.env.AWS_REGION }), secretName);
      else throw new Error(`Missing required environment variable ${valueEnv} or ${secretNameEnv}`);
    }
    return source();
  };
}

export const stripeApiKey = secretSource(ENV.stripeApiKey, ENV.stripeApiKeySecretName);
export const stripeWebhookSecret = secretSource(ENV.stripeWebhookSigningKey, ENV.stripeWebhookSigningKeySecretName);

/** SDK options for a base URL (the local stand-in) or none (Stripe itself). */
export function stripeConfig(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    // Network errors and 409/429/5xx are retried with Stripe's idempotency keys, which the SDK adds.
    maxNetworkRetries: 2,
    // Under API Gateway's 30 s: a slow Stripe answers 503 to the browser, not a gateway timeout.
    timeout: 8000,
    telemetry: false,
  };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  return {
    ...base,
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
  };
}

let client: Promise<Stripe> | undefined;

export function stripeClient(): Promise<Stripe> {
  client ??= stripeApiKey().then(
    (key) => new Stripe(key, stripeConfig(process.env[ENV.stripeApiUrl])),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

export class InvalidWebhookSignature extends Error {
  override readonly name = 'InvalidWebhookSignature';
}

/**
 * The event of a webhook delivery whose `Stripe-Signature` holds over the raw body (HMAC-SHA256
 * with the signing secret, timestamp within Stripe's 5-minute tolerance); InvalidWebhookSignature
 * otherwise. A secret that cannot be read is a plain error (500: Stripe retries the delivery).
 */
export async function verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  const secret = await stripeWebhookSecret();
  if (!signature) throw new InvalidWebhookSignature('No Stripe-Signature header');
  try {
    // The static helper needs no API key: verification is local.
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error));
  }
}

/**
 * True when Stripe could not answer (network, timeout, its own 5xx, rate limiting): the request
 * can be retried as is, so the API answers 503. Other Stripe errors are bugs or bad state: 500.
 */
export function isStripeUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { type, statusCode } = error as { type?: string; statusCode?: number };
  return (
    type === 'StripeConnectionError' ||
    type === 'StripeAPIError' ||
    type === 'StripeRateLimitError' ||
    (typeof statusCode === 'number' && statusCode >= 500)
  );
}
