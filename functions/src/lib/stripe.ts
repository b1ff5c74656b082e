/**
 * Stripe from a Lambda: its REST API over fetch (form-encoded requests, the pinned API version,
 * idempotency keys reused across retries) and the webhook signature check, instead of the `stripe`
 * SDK, whose 240 KB do not tree-shake (architecture decision 32). Same wire calls as the SDK;
 * the local stand-in and the integration tests hold them to Stripe's shapes.
 *
 * Locally (and in tests) the key and the signing secret come from STRIPE_API_KEY and
 * STRIPE_WEBHOOK_SIGNING_KEY, and STRIPE_API_URL points at the local stand-in. In AWS the values
 * live in Secrets Manager (STRIPE_API_KEY_SECRET_NAME, STRIPE_WEBHOOK_SIGNING_KEY_SECRET_NAME,
 * set by `bindSecret`), read once per container; STRIPE_API_URL is unset there (api.stripe.com).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { secretsManagerApiKey, type ApiKeySource } from './api-key';
import { secretsManagerGetSecretString } from './aws/secrets-manager';
import { ENV } from './env';

/**
 * The API version this code reads and writes (the installed SDK's, which the tests and the
 * stand-in use): payload shapes change between versions (e.g. period dates moved to subscription
 * items), so it never floats. A test fails when an SDK upgrade changes it.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

const DEFAULT_API_URL = 'https://api.stripe.com';
/** Per attempt; the SDK's options (stripe-sdk.ts) use the same two values. */
export const STRIPE_TIMEOUT_MS = 8000;
/** Retries after the first attempt, for no answer, 409, 429 and 5xx (as the SDK's maxNetworkRetries). */
export const STRIPE_MAX_RETRIES = 2;
/** Wait before retry n (0-based): 300 ms, then 600 ms. */
export const stripeRetryDelayMs = (retry: number) => 300 * 2 ** retry;
/** Stripe's default tolerance for a signature's timestamp. */
const SIGNATURE_TOLERANCE_S = 300;

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

/** A Stripe error answer, or no answer: `type` follows the SDK's error class names. */
export class StripeApiError extends Error {
  override readonly name = 'StripeApiError';
  constructor(
    message: string,
    readonly type: string,
    readonly statusCode?: number,
    readonly code?: string,
  ) {
    super(message);
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

/** Stripe's form encoding: nested objects as `a[b]`, arrays with indices (`a[0][b]`), as the SDK sends them. */
export function encodeForm(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      for (const [name, child] of entries) add(`${key}[${name}]`, child);
      return;
    }
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}

export type StripeRequest = <T>(
  method: 'GET' | 'POST',
  path: string,
  params?: Record<string, unknown>,
  options?: { idempotencyKey?: string },
) => Promise<T>;

const RETRYABLE = (status: number) => status === 409 || status === 429 || status >= 500;
const errorType = (status: number, type: string | undefined) =>
  status === 429
    ? 'StripeRateLimitError'
    : status >= 500 || type === 'api_error'
      ? 'StripeAPIError'
      : status === 401
        ? 'StripeAuthenticationError'
        : 'StripeInvalidRequestError';

export function createStripeRequest(options: {
  apiKey: () => Promise<string>;
  apiUrl?: string;
  fetch?: typeof fetch;
  /** For tests: the wait between attempts, and the time an attempt may take. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}): StripeRequest {
  const base = (options.apiUrl ?? DEFAULT_API_URL).replace(/\/$/, '');
  const send = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS;
  return async <T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> = {},
    requestOptions: { idempotencyKey?: string } = {},
  ): Promise<T> => {
    const key = await options.apiKey();
    const form = encodeForm(params);
    const url = method === 'GET' && form ? `${base}${path}?${form}` : `${base}${path}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${key}`,
      'stripe-version': STRIPE_API_VERSION,
    };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      // One key for every attempt: a retried POST is applied once.
      headers['idempotency-key'] = requestOptions.idempotencyKey ?? `vitrine-${randomUUID()}`;
    }
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await send(url, {
          method,
          headers,
          body: method === 'POST' ? form : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (attempt < STRIPE_MAX_RETRIES) {
          await sleep(stripeRetryDelayMs(attempt));
          continue;
        }
        throw new StripeApiError(`Stripe did not answer: ${String(error)}`, 'StripeConnectionError');
      }
      const text = await response.text();
      if (response.ok) return JSON.parse(text) as T;
      if (RETRYABLE(response.status) && attempt < STRIPE_MAX_RETRIES) {
        await sleep(stripeRetryDelayMs(attempt));
        continue;
      }
      let body: { error?: { type?: string; message?: string; code?: string } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // Not Stripe's error envelope (a proxy's page): the status says enough.
      }
      throw new StripeApiError(
        body.error?.message ?? `Stripe answered ${response.status}`,
        errorType(response.status, body.error?.type),
        response.status,
        body.error?.code,
      );
    }
  };
}

let request: StripeRequest | undefined;

/** This container's Stripe caller (key read once). */
export function stripeRequest(): StripeRequest {
  request ??= createStripeRequest({ apiKey: stripeApiKey, apiUrl: process.env[ENV.stripeApiUrl] });
  return request;
}

export class InvalidWebhookSignature extends Error {
  override readonly name = 'InvalidWebhookSignature';
}

/** Checks a `Stripe-Signature` header (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body">,...`) over the raw body. */
export function checkWebhookSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Stripe.Event {
  if (!header) throw new InvalidWebhookSignature('No Stripe-Signature header');
  const fields = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(fields.find(([name]) => name === 't')?.[1]);
  const signatures = fields.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new InvalidWebhookSignature('Malformed Stripe-Signature header');
  }
  const expected = Buffer.from(createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex'));
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new InvalidWebhookSignature('No signature matches the payload');
  // Both ways: a timestamp from the future is no fresher than one from the past (a clock skew
  // beyond the tolerance, or a signature made ahead to be replayed later).
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_S) {
    throw new InvalidWebhookSignature('Timestamp outside tolerance');
  }
  try {
    return JSON.parse(rawBody) as Stripe.Event;
  } catch {
    throw new InvalidWebhookSignature('Signed payload is not JSON');
  }
}

/**
 * The event of a webhook delivery whose signature holds; InvalidWebhookSignature otherwise. A
 * secret that cannot be read is a plain error (500: Stripe retries the delivery).
 */
export async function verifyWebhook(rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  return checkWebhookSignature(rawBody, signature, await stripeWebhookSecret());
}
