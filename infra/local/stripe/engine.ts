/**
 * The stand-in's domain core: time (wall clock or a customer's test clock), events, customers and
 * payment methods. Subscriptions and invoices live in `billing.ts` on top of it.
 */
import Stripe from 'stripe';
import { invalidRequest, resourceMissing } from './errors';
import { present } from './present';
import { newId, type Store } from './store';
import { wallClock } from './time';
import type { ApiObject, Customer, Metadata, PaymentMethod, StripeEvent } from './types';

/** Events carry the version the SDK pins, which is the shape every object here follows. */
export const API_VERSION: string = Stripe.API_VERSION;

/** Stripe's test payment method tokens (https://docs.stripe.com/testing#cards) and what their charges do. */
const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
};

export type ChargeOutcome = { ok: true } | { ok: false; declineCode: 'generic_decline' | 'insufficient_funds' };

/** Test cards decide the outcome by their number; the stand-in keeps only the last four digits. */
export function chargeOutcome(paymentMethod: PaymentMethod | undefined): ChargeOutcome {
  if (!paymentMethod) return { ok: false, declineCode: 'generic_decline' };
  switch (paymentMethod.card.last4) {
    case '0002':
    case '0341':
      return { ok: false, declineCode: 'generic_decline' };
    case '9995':
      return { ok: false, declineCode: 'insufficient_funds' };
    default:
      return { ok: true };
  }
}

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

/** Keys of `after` whose value changed, with their previous values (an event's `previous_attributes`). */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) previous[key] = old[key] ?? null;
  }
  return previous;
}

export function mergeMetadata(current: Metadata, update: unknown, param = 'metadata'): Metadata {
  if (update === undefined) return current;
  // `metadata=` (empty) clears every key; a key set to '' removes that key.
  if (update === '') return {};
  if (typeof update !== 'object' || update === null || Array.isArray(update)) {
    throw invalidRequest('Invalid object', param, 'parameter_invalid');
  }
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid metadata value', `${param}[${key}]`);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export class Engine {
  /** The API request being served, named by the events it causes (null for clock and page actions). */
  request: RequestInfo | null = null;

  constructor(
    readonly store: Store,
    private readonly onEvent: (event: StripeEvent) => void,
  ) {}

  /** Now for a customer: its test clock's frozen time when it follows one, else the wall clock. */
  now(customerId?: string | null): number {
    const customer = customerId ? this.store.find('customer', customerId) : undefined;
    const clock = customer?.test_clock ? this.store.find('test_helpers.test_clock', customer.test_clock) : undefined;
    return clock ? clock.frozen_time : wallClock();
  }

  private collected: StripeEvent[] | null = null;

  /** Runs `work` holding back the events it emits (snapshots taken as they happen), to publish them later. */
  collect<T>(work: () => T): [T, StripeEvent[]] {
    const outer = this.collected;
    const events: StripeEvent[] = [];
    this.collected = events;
    try {
      return [work(), events];
    } finally {
      this.collected = outer;
    }
  }

  publish(events: StripeEvent[]): void {
    for (const event of events) {
      if (this.collected) {
        this.collected.push(event);
        continue;
      }
      this.store.put(event);
      this.onEvent(event);
    }
  }

  emit(type: StripeEvent['type'], object: ApiObject, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: wallClock(),
      data: previous
        ? { object: present(this.store, object), previous_attributes: previous }
        : { object: present(this.store, object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: this.request?.id ?? null, idempotency_key: this.request?.idempotencyKey ?? null },
      type,
    };
    this.publish([event]);
    return event;
  }

  createCustomer(input: {
    email?: string | null;
    name?: string | null;
    description?: string | null;
    phone?: string | null;
    metadata?: Metadata;
    testClock?: string | null;
  }): Customer {
    const clock = input.testClock
      ? this.store.get('test_helpers.test_clock', input.testClock, 'test_clock')
      : undefined;
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      balance: 0,
      created: clock ? clock.frozen_time : wallClock(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      email: input.email ?? null,
      invoice_prefix: newId('x').slice(2, 10).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: clock?.id ?? null,
    };
    this.store.put(customer);
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(customer: Customer, change: (draft: Customer) => void): Customer {
    const before = structuredClone(customer);
    change(customer);
    this.store.changed();
    const previous = previousAttributes(before, customer);
    if (Object.keys(previous).length > 0) this.emit('customer.updated', customer, previous);
    return customer;
  }

  /** A card payment method attached to the customer (from a test token or a card typed on a page). */
  attachCard(
    customerId: string,
    card: { brand: string; last4: string; expMonth?: number; expYear?: number; name?: string | null },
  ): PaymentMethod {
    const created = this.now(customerId);
    const paymentMethod: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: card.name ?? null, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        country: 'US',
        exp_month: card.expMonth ?? 12,
        exp_year: card.expYear ?? new Date(created * 1000).getUTCFullYear() + 3,
        funding: 'credit',
        last4: card.last4,
      },
      created,
      customer: customerId,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.store.put(paymentMethod);
    this.emit('payment_method.attached', paymentMethod);
    return paymentMethod;
  }

  /** `pm_card_visa` and friends make a new attached payment method, as in Stripe test mode; a pm_ id must be the customer's. */
  resolvePaymentMethod(customerId: string, reference: string, param: string): PaymentMethod {
    const token = TEST_PAYMENT_METHODS[reference];
    if (token) return this.attachCard(customerId, token);
    const paymentMethod = this.store.find('payment_method', reference);
    if (!paymentMethod) throw resourceMissing('PaymentMethod', reference, param, 400);
    if (paymentMethod.customer !== customerId) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${reference}. The payment method must be attached to the customer.`,
        param,
        'resource_missing',
      );
    }
    return paymentMethod;
  }
}
