/**
 * Options for the official `stripe` SDK, for the code that runs outside Lambda (the price sync
 * script, the local stack's seed, tests). The Lambdas speak to Stripe with lib/stripe.ts instead:
 * the SDK is 240 KB minified and nothing of it tree-shakes (architecture decision 32).
 */
import type Stripe from 'stripe';
import { STRIPE_API_VERSION, STRIPE_MAX_RETRIES, STRIPE_TIMEOUT_MS } from './stripe';

/** SDK options for a base URL (the local stand-in) or none (Stripe itself). */
export function stripeConfig(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
    maxNetworkRetries: STRIPE_MAX_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
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
