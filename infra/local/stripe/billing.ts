/**
 * Subscriptions and their invoices: creation with a first invoice, renewal at period end, price
 * changes with prorations, cancellation now or at period end, payment attempts on the customer's
 * card. Every state change emits the events Stripe sends for it.
 */
import { chargeOutcome, mergeMetadata, previousAttributes, type Engine } from './engine';
import { invalidRequest } from './errors';
import { newId } from './store';
import { periodEnd } from './time';
import type { Invoice, InvoiceLine, Metadata, Price, Subscription, SubscriptionItem } from './types';

export interface ItemInput {
  price: string;
  quantity: number;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function formatDate(seconds: number): string {
  return DATE_FORMAT.format(new Date(seconds * 1000));
}

function productName(engine: Engine, price: Price): string {
  return engine.store.find('product', price.product)?.name ?? price.product;
}

function recurringPrice(engine: Engine, id: string, param: string): Price {
  const price = engine.store.get('price', id, param);
  if (!price.recurring) {
    throw invalidRequest(
      `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
      param,
    );
  }
  if (!price.active)
    throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, param);
  return price;
}

function line(
  engine: Engine,
  subscription: Subscription,
  item: SubscriptionItem,
  price: Price,
  amount: number,
  period: { start: number; end: number },
  description: string,
  proration: boolean,
): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: price.currency,
    description,
    discount_amounts: [],
    discountable: !proration,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: proration ? newId('ii') : null,
        proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: String(price.unit_amount),
    },
    quantity: item.quantity,
    subtotal: amount,
    taxes: [],
  };
}

/** The lines charging each item for the period in advance: "1 × Agence (at €89.00 / month)". */
function periodLines(engine: Engine, subscription: Subscription): InvoiceLine[] {
  return subscription.items.data.map((item) => {
    const price = engine.store.get('price', item.price.id);
    const amount = price.unit_amount * item.quantity;
    return line(
      engine,
      subscription,
      item,
      price,
      amount,
      { start: item.current_period_start, end: item.current_period_end },
      `${item.quantity} × ${productName(engine, price)}`,
      false,
    );
  });
}

export class Billing {
  constructor(private readonly engine: Engine) {}

  private get store() {
    return this.engine.store;
  }

  /** Creates, finalizes and tries to pay an invoice; emits invoice.created, .finalized, then .paid or .payment_failed. */
  private invoice(
    subscription: Subscription,
    reason: Invoice['billing_reason'],
    lines: InvoiceLine[],
    at: number,
  ): Invoice {
    const customer = this.store.get('customer', subscription.customer);
    const total = lines.reduce((sum, each) => sum + each.amount, 0);
    const starting = customer.balance;
    const applied = starting + total;
    this.store.state.invoiceCount += 1;
    const invoice: Invoice = {
      id: newId('in'),
      object: 'invoice',
      account_country: 'FR',
      account_name: 'Vitrine (Stripe local)',
      amount_due: Math.max(0, applied),
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: Math.max(0, applied),
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: subscription.currency,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      description: null,
      ending_balance: starting,
      hosted_invoice_url: null,
      lines: { object: 'list', data: [], has_more: false, url: '' },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      period_end: at,
      period_start: at,
      starting_balance: starting,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: customer.test_clock,
      total,
      total_excluding_tax: total,
    };
    invoice.lines = {
      object: 'list',
      data: lines.map((each) => ({ ...each, invoice: invoice.id })),
      has_more: false,
      url: `/v1/invoices/${invoice.id}/lines`,
    };
    customer.next_invoice_sequence += 1;
    // A negative total (a downgrade's credit) goes to the customer's balance, as Stripe does.
    customer.balance = Math.min(0, applied);
    invoice.ending_balance = customer.balance;
    this.store.put(invoice);
    this.engine.emit('invoice.created', invoice);
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = at;
    this.store.changed();
    this.engine.emit('invoice.finalized', invoice);
    subscription.latest_invoice = invoice.id;
    this.attemptPayment(invoice, subscription, at);
    return invoice;
  }

  /** Charges the subscription's (else the customer's default) card; true when the invoice ends paid. */
  attemptPayment(invoice: Invoice, subscription: Subscription, at: number): boolean {
    if (invoice.status !== 'open') return invoice.status === 'paid';
    const customer = this.store.get('customer', invoice.customer);
    const paymentMethodId = subscription.default_payment_method ?? customer.invoice_settings.default_payment_method;
    const paymentMethod = paymentMethodId ? this.store.find('payment_method', paymentMethodId) : undefined;
    const outcome = invoice.amount_remaining === 0 ? { ok: true as const } : chargeOutcome(paymentMethod);
    if (invoice.amount_remaining > 0) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
    }
    if (outcome.ok) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_remaining;
      invoice.amount_remaining = 0;
      invoice.default_payment_method = paymentMethod?.id ?? null;
      invoice.status_transitions.paid_at = at;
      invoice.next_payment_attempt = null;
      this.store.changed();
      this.engine.emit('invoice.paid', invoice);
      this.engine.emit('invoice.payment_succeeded', invoice);
      return true;
    }
    // Stripe's Smart Retries would try again days later; the stand-in retries when the card changes.
    invoice.next_payment_attempt = null;
    this.store.changed();
    this.engine.emit('invoice.payment_failed', invoice);
    return false;
  }

  create(input: {
    customer: string;
    items: ItemInput[];
    defaultPaymentMethod?: string | null;
    metadata?: Metadata;
    request?: 'api' | 'checkout';
  }): Subscription {
    const customer = this.store.get('customer', input.customer, 'customer');
    if (input.items.length === 0) throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
    const prices = input.items.map((item, index) => recurringPrice(this.engine, item.price, `items[${index}][price]`));
    const currency = prices[0]!.currency;
    if (prices.some((price) => price.currency !== currency)) {
      throw invalidRequest('All prices on a subscription must have the same currency.', 'items');
    }
    const start = this.engine.now(customer.id);
    const id = newId('sub');
    const paymentMethod = input.defaultPaymentMethod
      ? this.engine.resolvePaymentMethod(customer.id, input.defaultPaymentMethod, 'default_payment_method')
      : undefined;
    const subscription: Subscription = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency,
      customer: customer.id,
      default_payment_method: paymentMethod?.id ?? null,
      description: null,
      discounts: [],
      ended_at: null,
      items: {
        object: 'list',
        data: prices.map((price, index) => ({
          id: newId('si'),
          object: 'subscription_item',
          created: start,
          current_period_end: periodEnd(start, price.recurring!),
          current_period_start: start,
          discounts: [],
          metadata: {},
          price,
          quantity: input.items[index]?.quantity ?? 1,
          subscription: id,
          tax_rates: [],
        })),
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata ?? {},
      pending_update: null,
      schedule: null,
      start_date: start,
      status: 'incomplete',
      test_clock: customer.test_clock,
      trial_end: null,
      trial_start: null,
    };
    this.store.put(subscription);
    // Payment is synchronous, so the created event already shows the outcome; the invoice's events follow it.
    const [invoice, invoiceEvents] = this.engine.collect(() =>
      this.invoice(subscription, 'subscription_create', periodLines(this.engine, subscription), start),
    );
    subscription.status = invoice.status === 'paid' ? 'active' : 'incomplete';
    this.store.changed();
    this.engine.emit('customer.subscription.created', subscription);
    this.engine.publish(invoiceEvents);
    return subscription;
  }

  private changed(subscription: Subscription, before: Subscription): void {
    this.store.changed();
    const previous = previousAttributes(before, subscription);
    if (Object.keys(previous).length > 0) this.engine.emit('customer.subscription.updated', subscription, previous);
  }

  update(
    subscription: Subscription,
    input: {
      items?: { id?: string; price?: string; quantity?: number; deleted?: boolean }[];
      prorationBehavior?: 'create_prorations' | 'always_invoice' | 'none';
      cancelAtPeriodEnd?: boolean;
      metadata?: unknown;
      defaultPaymentMethod?: string;
    },
  ): Subscription {
    const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
    const onlyMetadata = Object.entries(input).every(([key, value]) => key === 'metadata' || value === undefined);
    if (ended && !onlyMetadata) {
      throw invalidRequest(
        'A canceled subscription can only update its cancellation_details and metadata.',
        input.items ? 'items' : undefined,
      );
    }
    const before = structuredClone(subscription);
    const now = this.engine.now(subscription.customer);
    subscription.metadata = mergeMetadata(subscription.metadata, input.metadata);
    if (input.defaultPaymentMethod !== undefined) {
      subscription.default_payment_method = input.defaultPaymentMethod
        ? this.engine.resolvePaymentMethod(subscription.customer, input.defaultPaymentMethod, 'default_payment_method')
            .id
        : null;
    }
    if (input.cancelAtPeriodEnd !== undefined) {
      const periodEndAt = Math.min(...subscription.items.data.map((item) => item.current_period_end));
      subscription.cancel_at_period_end = input.cancelAtPeriodEnd;
      subscription.cancel_at = input.cancelAtPeriodEnd ? periodEndAt : null;
      subscription.canceled_at = input.cancelAtPeriodEnd ? now : null;
      subscription.cancellation_details.reason = input.cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    let prorations: InvoiceLine[] = [];
    let resetAnchor = false;
    for (const [index, change] of (input.items ?? []).entries()) {
      const itemIndex = change.id ? subscription.items.data.findIndex((item) => item.id === change.id) : -1;
      if (change.id && itemIndex === -1) {
        throw invalidRequest(`No such subscription item: '${change.id}'`, `items[${index}][id]`, 'resource_missing');
      }
      const item = subscription.items.data[itemIndex];
      if (change.deleted) {
        if (item) subscription.items.data.splice(itemIndex, 1);
        continue;
      }
      const newPrice = change.price
        ? recurringPrice(this.engine, change.price, `items[${index}][price]`)
        : item
          ? this.store.get('price', item.price.id)
          : undefined;
      if (!newPrice)
        throw invalidRequest('Missing required param: items[0][price].', `items[${index}][price]`, 'parameter_missing');
      if (newPrice.currency !== subscription.currency) {
        throw invalidRequest('All prices on a subscription must have the same currency.', `items[${index}][price]`);
      }
      const quantity = change.quantity ?? item?.quantity ?? 1;
      if (!item) {
        const added: SubscriptionItem = {
          id: newId('si'),
          object: 'subscription_item',
          created: now,
          current_period_end: subscription.items.data[0]?.current_period_end ?? periodEnd(now, newPrice.recurring!),
          current_period_start: subscription.items.data[0]?.current_period_start ?? now,
          discounts: [],
          metadata: {},
          price: newPrice,
          quantity,
          subscription: subscription.id,
          tax_rates: [],
        };
        subscription.items.data.push(added);
        prorations.push(...this.prorate(subscription, added, undefined, newPrice, now));
        continue;
      }
      const oldPrice = this.store.get('price', item.price.id);
      if (oldPrice.id === newPrice.id && quantity === item.quantity) continue;
      const intervalChanged =
        oldPrice.recurring!.interval !== newPrice.recurring!.interval ||
        oldPrice.recurring!.interval_count !== newPrice.recurring!.interval_count;
      prorations.push(
        ...this.prorate(subscription, item, { price: oldPrice, quantity: item.quantity }, undefined, now),
      );
      item.price = newPrice;
      item.quantity = quantity;
      if (intervalChanged) {
        // A new billing interval restarts the cycle now and bills the new price in full (Stripe's rule).
        resetAnchor = true;
      } else {
        prorations.push(...this.prorate(subscription, item, undefined, newPrice, now));
      }
    }
    if (input.prorationBehavior === 'none') prorations = [];
    if (resetAnchor) {
      subscription.billing_cycle_anchor = now;
      for (const item of subscription.items.data) {
        item.current_period_start = now;
        item.current_period_end = periodEnd(now, this.store.get('price', item.price.id).recurring!);
      }
      this.invoice(
        subscription,
        'subscription_update',
        [...prorations, ...periodLines(this.engine, subscription)],
        now,
      );
      this.settle(subscription);
    } else if (prorations.length > 0 && input.prorationBehavior === 'always_invoice') {
      const invoice = this.invoice(subscription, 'subscription_update', prorations, now);
      invoice.period_start = now;
      invoice.period_end = now;
      this.settle(subscription);
    } else if (prorations.length > 0) {
      const pending = (this.store.state.pendingProrations[subscription.id] ??= []);
      pending.push(...prorations);
    }
    this.changed(subscription, before);
    return subscription;
  }

  /** The status the latest invoice implies: paid makes a past_due or incomplete subscription active, open makes an active one past_due. */
  private settle(subscription: Subscription): void {
    const latest = subscription.latest_invoice ? this.store.find('invoice', subscription.latest_invoice) : undefined;
    if (latest?.status === 'paid' && (subscription.status === 'past_due' || subscription.status === 'incomplete')) {
      subscription.status = 'active';
    } else if (latest?.status === 'open' && subscription.status === 'active') {
      subscription.status = 'past_due';
    }
  }

  /** One proration line: a credit for the unused time of `removed`, or a charge for the remaining time of `added`. */
  private prorate(
    subscription: Subscription,
    item: SubscriptionItem,
    removed: { price: Price; quantity: number } | undefined,
    added: Price | undefined,
    now: number,
  ): InvoiceLine[] {
    const start = item.current_period_start;
    const end = item.current_period_end;
    const fraction = end > start ? Math.max(0, Math.min(1, (end - now) / (end - start))) : 0;
    if (fraction === 0) return [];
    const period = { start: now, end };
    if (removed) {
      const amount = -Math.round(removed.price.unit_amount * removed.quantity * fraction);
      const name = productName(this.engine, removed.price);
      return [
        line(
          this.engine,
          subscription,
          item,
          removed.price,
          amount,
          period,
          `Unused time on ${name} after ${formatDate(now)}`,
          true,
        ),
      ];
    }
    const amount = Math.round(added!.unit_amount * item.quantity * fraction);
    const name = productName(this.engine, added!);
    return [
      line(
        this.engine,
        subscription,
        item,
        added!,
        amount,
        period,
        `Remaining time on ${name} after ${formatDate(now)}`,
        true,
      ),
    ];
  }

  cancel(subscription: Subscription, at = this.engine.now(subscription.customer)): Subscription {
    if (subscription.status === 'canceled') {
      throw invalidRequest(`No such subscription: '${subscription.id}'`, 'id', 'resource_missing', 404);
    }
    subscription.status = 'canceled';
    subscription.canceled_at ??= at;
    subscription.ended_at = at;
    subscription.cancellation_details.reason ??= 'cancellation_requested';
    delete this.store.state.pendingProrations[subscription.id];
    this.store.changed();
    this.engine.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** Renews (or ends) every period that has ended by `now`: new period, subscription_cycle invoice, events. */
  catchUp(subscription: Subscription, now: number): void {
    for (;;) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
      if (subscription.cancel_at !== null && subscription.cancel_at <= now) {
        this.cancel(subscription, subscription.cancel_at);
        return;
      }
      if (subscription.status === 'incomplete') {
        // Stripe expires a subscription whose first invoice stays unpaid for 23 hours.
        const expiresAt = subscription.created + 23 * 3600;
        if (expiresAt > now) return;
        const before = structuredClone(subscription);
        subscription.status = 'incomplete_expired';
        subscription.ended_at = expiresAt;
        this.changed(subscription, before);
        return;
      }
      const end = Math.min(...subscription.items.data.map((item) => item.current_period_end));
      if (end > now) return;
      this.renew(subscription, end);
    }
  }

  renew(subscription: Subscription, at: number): void {
    const before = structuredClone(subscription);
    for (const item of subscription.items.data) {
      const price = this.store.get('price', item.price.id);
      item.current_period_start = item.current_period_end;
      item.current_period_end = periodEnd(item.current_period_start, price.recurring!);
    }
    const pending = this.store.state.pendingProrations[subscription.id] ?? [];
    delete this.store.state.pendingProrations[subscription.id];
    const invoice = this.invoice(
      subscription,
      'subscription_cycle',
      [...pending, ...periodLines(this.engine, subscription)],
      at,
    );
    // A cycle invoice's period is the one that just ended (its lines bill the new one in advance).
    invoice.period_start = before.items.data[0]?.current_period_start ?? at;
    invoice.period_end = at;
    this.settle(subscription);
    this.changed(subscription, before);
  }

  /** Retries the open invoices of a customer's unpaid subscriptions (after a new card). */
  retryOpenInvoices(customerId: string): void {
    for (const subscription of this.store.all('subscription')) {
      if (subscription.customer !== customerId || !subscription.latest_invoice) continue;
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      const invoice = this.store.find('invoice', subscription.latest_invoice);
      if (invoice?.status !== 'open') continue;
      const before = structuredClone(subscription);
      this.attemptPayment(invoice, subscription, this.engine.now(customerId));
      this.settle(subscription);
      this.changed(subscription, before);
    }
  }
}
