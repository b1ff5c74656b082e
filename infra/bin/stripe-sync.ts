#!/usr/bin/env node
/**
 * `npm run stripe:sync -- --stage <dev|prod>`: creates or updates the Vitrine products and monthly
 * prices in the stage's Stripe account, found by lookup key (idempotent: run it on every new
 * account, and again after a plan changes in shared/src/plans.ts). The Stripe key is read from the
 * stage's Secrets Manager secret (AWS credentials of the target account needed), or from
 * STRIPE_API_KEY when set; STRIPE_API_URL points it at another Stripe-compatible server.
 */
import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { secretsManagerApiKey } from '../../functions/src/lib/api-key';
import { secretsManagerGetSecretString } from '../../functions/src/lib/aws/secrets-manager';
import { syncPlans } from '../../functions/src/billing/price-sync';
import { ENV } from '../../functions/src/lib/env';
import { stripeConfig } from '../../functions/src/lib/stripe-sdk';
import { stageConfig } from '../config/stages';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { stage: { type: 'string' } } });
  if (!values.stage) throw new Error('Usage: npm run stripe:sync -- --stage <dev|prod>');
  const config = stageConfig(values.stage);
  const secretName = config.secretNames.stripeApiKey;
  const apiKey =
    process.env[ENV.stripeApiKey] ??
    (await secretsManagerApiKey(secretsManagerGetSecretString({ region: config.region }), secretName)());
  const stripe = new Stripe(apiKey, stripeConfig(process.env[ENV.stripeApiUrl]));
  const mode = apiKey.startsWith('sk_live_') ? 'live' : 'test';
  console.log(`Stripe (${mode} mode) of stage ${config.stage}:`);
  for (const result of await syncPlans(stripe)) {
    console.log(
      `  ${result.planId.padEnd(10)} ${result.action.padEnd(15)} price ${result.priceId} (product ${result.productId})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
