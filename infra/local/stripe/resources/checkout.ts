/**
 * /v1/checkout/sessions (mode=subscription): create, retrieve, list, expire; and what the hosted
 * page does when a card is submitted (`payCheckoutSession`).
 */
import { respond, respondList, type ApiContext, type Route } from '../api';
import type { Billing } from '../billing';
import { chargeOutcome, type Engine } from '../engine';
import { invalidRequest, missingParam } from '../errors';
import type { FormParams } from '../form';
import {
  allowOnly,
  newMetadata,
  optionalArray,
  optionalInteger,
  optionalObject,
  optionalString,
  requiredString,
  stringArray,
} from '../params';
import { newId } from '../store';
import { wallClock } from '../time';
import type { CheckoutSession, PaymentMethod } from '../types';

const DEFAULT_LIFETIME_S = 24 * 3600;
const MIN_LIFETIME_S = 30 * 60;

function validUrl(value: string, param: string): string {
  try {
    new URL(value.replace('{CHECKOUT_SESSION_ID}', 'cs_test'));
  } catch {
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  }
  return value;
}

/** Open sessions past `expires_at` expire when next looked at (Stripe expires them in the background). */
export function expireIfDue(engine: Engine, session: CheckoutSession): void {
  if (session.status === 'open' && session.expires_at <= wallClock()) expireSession(engine, session);
}

function expireSession(engine: Engine, session: CheckoutSession): void {
  session.status = 'expired';
  session.url = null;
  engine.store.changed();
  engine.emit('checkout.session.expired', session);
}

function createSession(context: ApiContext): CheckoutSession {
  const { params, store } = context;
  allowOnly(params, [
    'mode',
    'customer',
    'customer_email',
    'line_items',
    'success_url',
    'cancel_url',
    'client_reference_id',
    'metadata',
    'subscription_data',
    'expires_at',
    'locale',
    'payment_method_types',
  ]);
  const mode = requiredString(params, 'mode');
  if (mode !== 'subscription') {
    throw invalidRequest(`The local Stripe stand-in only implements mode=subscription (got '${mode}').`, 'mode');
  }
  const customerId = optionalString(params, 'customer');
  const customerEmail = optionalString(params, 'customer_email');
  if (customerId && customerEmail) {
    throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer');
  }
  const customer = customerId ? store.get('customer', customerId, 'customer') : undefined;
  const items = optionalArray(params, 'line_items');
  if (!items || items.length === 0) throw missingParam('line_items');
  const lineItems = items.map((raw, index) => {
    const item = raw as FormParams;
    const priceId = requiredString(item, 'price', `line_items[${index}][price]`);
    const quantity = optionalInteger(item, 'quantity', `line_items[${index}][quantity]`);
    if (quantity === undefined) throw missingParam(`line_items[${index}][quantity]`);
    if (quantity < 1)
      throw invalidRequest('This value must be greater than or equal to 1.', `line_items[${index}][quantity]`);
    const price = store.get('price', priceId, `line_items[${index}][price]`);
    if (!price.active) {
      throw invalidRequest(
        `The price specified is inactive. This field only accepts active prices.`,
        `line_items[${index}][price]`,
      );
    }
    return { price, quantity };
  });
  if (!lineItems.some((item) => item.price.recurring)) {
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  }
  const currency = lineItems[0]!.price.currency;
  if (lineItems.some((item) => item.price.currency !== currency)) {
    throw invalidRequest('All line items must have the same currency.', 'line_items');
  }
  const created = wallClock();
  const expiresAt = optionalInteger(params, 'expires_at') ?? created + DEFAULT_LIFETIME_S;
  if (expiresAt > created + DEFAULT_LIFETIME_S) {
    throw invalidRequest(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  }
  if (expiresAt < created + MIN_LIFETIME_S) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  }
  const subscriptionData = optionalObject(params, 'subscription_data');
  if (subscriptionData) {
    for (const key of Object.keys(subscriptionData)) {
      if (key !== 'metadata')
        throw invalidRequest(
          `Received unknown parameter: subscription_data[${key}]`,
          `subscription_data[${key}]`,
          'parameter_unknown',
        );
    }
  }
  const successUrl = optionalString(params, 'success_url');
  const cancelUrl = optionalString(params, 'cancel_url');
  const total = lineItems.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
  const id = `cs_test_${newId('x').slice(2)}`;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ? validUrl(cancelUrl, 'cancel_url') : null,
    client_reference_id: optionalString(params, 'client_reference_id') ?? null,
    created,
    currency,
    customer: customer?.id ?? null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: optionalString(params, 'locale') ?? null,
    metadata: newMetadata(params),
    mode: 'subscription',
    payment_method_types: stringArray(params, 'payment_method_types').length
      ? stringArray(params, 'payment_method_types')
      : ['card'],
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl ? validUrl(successUrl, 'success_url') : null,
    ui_mode: 'hosted',
    url: `${context.baseUrl}/c/pay/${id}`,
    _line_items: lineItems.map((item) => ({ price: item.price.id, quantity: item.quantity })),
    _subscription_metadata: subscriptionData ? newMetadata(subscriptionData) : {},
  };
  store.put(session);
  return session;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** What a test card would do if charged, before anything is created (0002, 9995 and 0341 fail). */
export function cardOutcome(card: CardInput) {
  const probe = { card: { last4: card.number.slice(-4) } } as PaymentMethod;
  return chargeOutcome(probe);
}

export type PayResult =
  | { ok: true; redirect: string | null }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'unavailable' | 'expired' | 'complete' };

/** The hosted page's payment: a customer (if none), the card, the subscription with its first invoice paid, then checkout.session.completed. */
export function payCheckoutSession(
  engine: Engine,
  billing: Billing,
  session: CheckoutSession,
  card: CardInput,
): PayResult {
  expireIfDue(engine, session);
  if (session.status === 'expired') return { ok: false, reason: 'expired' };
  if (session.status === 'complete') return { ok: false, reason: 'complete' };
  const outcome = cardOutcome(card);
  if (!outcome.ok)
    return { ok: false, reason: outcome.declineCode === 'insufficient_funds' ? 'insufficient_funds' : 'declined' };
  // A price archived since the session was made: nothing may be created half-way.
  if (session._line_items.some((item) => !engine.store.find('price', item.price)?.active)) {
    return { ok: false, reason: 'unavailable' };
  }
  engine.request = null;
  const customer =
    (session.customer && engine.store.get('customer', session.customer)) ||
    engine.createCustomer({ email: session.customer_email, name: card.name });
  const paymentMethod = engine.attachCard(customer.id, {
    brand: brandOf(card.number),
    last4: card.number.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
    name: card.name,
  });
  const subscription = billing.create({
    customer: customer.id,
    items: session._line_items,
    defaultPaymentMethod: paymentMethod.id,
    metadata: session._subscription_metadata,
  });
  session.customer = customer.id;
  session.customer_details = {
    address: null,
    email: customer.email,
    name: card.name,
    business_name: null,
    individual_name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.subscription = subscription.id;
  session.invoice = subscription.latest_invoice;
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  engine.store.changed();
  engine.emit('checkout.session.completed', session);
  const redirect = session.success_url?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id) ?? null;
  return { ok: true, redirect };
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle(context) {
      return respond(context, createSession(context));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
    handle(context) {
      const session = context.store.get('checkout.session', context.path[0]);
      expireIfDue(context.engine, session);
      return respond(context, session);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle(context) {
      allowOnly(context.params, ['customer', 'subscription', 'status', 'limit', 'starting_after', 'ending_before']);
      const customer = optionalString(context.params, 'customer');
      const subscription = optionalString(context.params, 'subscription');
      const status = optionalString(context.params, 'status');
      const sessions = context.store
        .all('checkout.session')
        .filter(
          (session) =>
            (customer === undefined || session.customer === customer) &&
            (subscription === undefined || session.subscription === subscription) &&
            (status === undefined || session.status === status),
        );
      return respondList(context, sessions, '/v1/checkout/sessions');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
    handle(context) {
      allowOnly(context.params, []);
      const session = context.store.get('checkout.session', context.path[0]);
      expireIfDue(context.engine, session);
      if (session.status !== 'open') {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      }
      expireSession(context.engine, session);
      return respond(context, session);
    },
  },
];
