/**
 * Billing through the local Stripe stand-in: an owner with an organization made by the API, the
 * hosted Checkout page paid like a browser, and the stack's state once the webhooks are delivered.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import type { Price, User } from '@vitrine/shared';
import { keys } from '../../../functions/src/lib/keys';
import type { OrganizationRecord } from '../../../functions/src/lib/records';
import type { LocalStack } from '../../../infra/local/stack';
import { api, registerAndSignIn } from './users';

/** The SDK pointed at the stand-in (the handlers reach it over fetch, lib/stripe.ts, at the same URL). */
export function stripeClient(stack: LocalStack): Stripe {
  const url = new URL(stack.stripe.url);
  return new Stripe(stack.stripe.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

export interface Owner {
  token: string;
  sub: string;
  email: string;
  orgId: string;
}

/** A new user who created their organization through the API (onboarding step 2). */
export async function ownerWithOrganization(stack: LocalStack, name = 'Agence du Port'): Promise<Owner> {
  const { user, tokens } = await registerAndSignIn(stack);
  await api(stack, '/api/users/me', { token: tokens.accessToken });
  const created = await api<{ id: string; name: string }>(stack, '/api/organizations', {
    method: 'POST',
    token: tokens.accessToken,
    body: { name },
  });
  if (created.status !== 201)
    throw new Error(`POST /api/organizations: ${created.status} ${JSON.stringify(created.body)}`);
  return { token: tokens.accessToken, sub: user.sub, email: user.email, orgId: created.body.id };
}

export async function prices(stack: LocalStack, token: string): Promise<Record<'mandataire' | 'agence', Price>> {
  const response = await api<Price[]>(stack, '/api/billing/prices', { token });
  if (response.status !== 200) throw new Error(`GET /api/billing/prices: ${response.status}`);
  return Object.fromEntries(response.body.map((price) => [price.id, price])) as Record<'mandataire' | 'agence', Price>;
}

export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Claire Martin' };

/** Submits the hosted Checkout page like a browser; returns where it redirects. */
export async function payCheckout(url: string, card = TEST_CARD): Promise<string | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(card).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`Checkout page answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location');
}

/** Session, payment, webhooks delivered: the organization is subscribed to the plan. */
export async function subscribe(stack: LocalStack, owner: Owner, priceId: string): Promise<string | null> {
  const session = await api<{ url: string }>(stack, '/api/billing/session', {
    method: 'POST',
    token: owner.token,
    body: { priceId, organizationId: owner.orgId },
  });
  if (session.status !== 200)
    throw new Error(`POST /api/billing/session: ${session.status} ${JSON.stringify(session.body)}`);
  const redirect = await payCheckout(session.body.url);
  await stack.stripe.controls.webhooks.idle();
  return redirect;
}

export async function profile(stack: LocalStack, token: string): Promise<User> {
  return (await api<User>(stack, '/api/users/me', { token })).body;
}

export async function organizationItem(
  stack: LocalStack,
  ddb: DynamoDBDocumentClient,
  orgId: string,
): Promise<OrganizationRecord> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: keys.organization(orgId), ConsistentRead: true }),
  );
  return Item as OrganizationRecord;
}
