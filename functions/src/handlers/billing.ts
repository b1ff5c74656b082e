/**
 * Billing (spec 7): the plans with their Stripe prices, a Checkout Session, the customer portal, a
 * plan change, and Stripe's webhook (no JWT: its signature over the raw body authenticates it).
 * Env: TABLE_NAME, APP_URL, STRIPE_API_KEY(_SECRET_NAME), STRIPE_WEBHOOK_SIGNING_KEY(_SECRET_NAME),
 * STRIPE_API_URL (local stand-in only).
 */
import { BILLING_API_TEXTS, changePlanSchema, checkoutSessionSchema } from '@vitrine/shared';
import { organizationOwner } from '../billing/billing-caller';
import { createCatalog } from '../billing/catalog';
import { changePlan, openPortal, startCheckout } from '../billing/checkout';
import { httpStripeGateway } from '../billing/stripe-gateway';
import type { BillingDeps } from '../billing/subscription-sync';
import { containerWebhookQueue } from '../lib/aws/sqs';
import { isProcessableEvent, processStripeEvent } from '../billing/webhook';
import { tableDeps } from '../lib/aws/dynamodb';
import { envGetter } from '../lib/config';
import { ENV } from '../lib/env';
import { BadRequest, ServiceUnavailable } from '../lib/errors';
import { createHttpHandler, json, parseBody, rawBody } from '../lib/http';
import { InvalidWebhookSignature, isStripeUnavailable, stripeRequest, verifyWebhook } from '../lib/stripe';

const m = BILLING_API_TEXTS;
const appUrl = envGetter(ENV.appUrl);
const stripe = httpStripeGateway(stripeRequest);
const catalog = createCatalog(stripe);
const sendToQueue = containerWebhookQueue();
const deps = (): BillingDeps => ({ ...tableDeps(), stripe, catalog, sendToQueue });

/** Stripe not answering is a 503 with the spec's message for the action; anything else stays a 500. */
async function stripeAction<T>(failureMessage: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (isStripeUnavailable(error)) throw new ServiceUnavailable(failureMessage);
    throw error;
  }
}

async function knownPlan(priceId: string) {
  const plan = await stripeAction(m.pricesUnavailable, () => catalog.planForPriceId(priceId));
  if (!plan) throw new BadRequest(m.unknownPrice);
  return plan;
}

export const handler = createHttpHandler({
  'GET /api/billing/prices': async () => json(200, await stripeAction(m.pricesUnavailable, () => catalog.prices())),

  'POST /api/billing/session': async ({ event, body }) => {
    const { priceId, organizationId } = parseBody(checkoutSessionSchema, body);
    const { organization } = await organizationOwner(deps(), event, organizationId);
    await knownPlan(priceId);
    return json(
      200,
      await stripeAction(m.subscribeFailed, () => startCheckout(deps(), { organization, priceId, appUrl: appUrl() })),
    );
  },

  'POST /api/billing/portal': async ({ event }) => {
    const { organization } = await organizationOwner(deps(), event);
    return json(200, await stripeAction(m.portalFailed, () => openPortal(deps(), organization, appUrl())));
  },

  'POST /api/billing/change-plan': async ({ event, body }) => {
    const { newPriceId } = parseBody(changePlanSchema, body);
    const { organization } = await organizationOwner(deps(), event);
    const plan = await knownPlan(newPriceId);
    return json(200, await stripeAction(m.changePlanFailed, () => changePlan(deps(), organization, plan, newPriceId)));
  },

  'POST /api/billing/webhook': async ({ event }) => {
    let stripeEvent;
    try {
      stripeEvent = await verifyWebhook(rawBody(event), event.headers['stripe-signature']);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) throw new BadRequest(m.invalidSignature);
      throw error;
    }
    if (!isProcessableEvent(stripeEvent)) throw new BadRequest(m.unexpectedEvent);
    // Any failure below is a 500: Stripe retries the delivery, and processing is idempotent.
    await processStripeEvent(deps(), stripeEvent);
    return json(200, { received: true });
  },
});
