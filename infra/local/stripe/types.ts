/**
 * The Stripe objects the stand-in keeps, typed by the installed `stripe` SDK's own declarations
 * (the API version it pins, 2026-10-28: billing periods live on subscription items, an invoice
 * names its subscription under `parent.subscription_details`, invoice lines carry
 * `pricing.price_details`). Each type names the fields the stand-in answers truthfully (the rest
 * are absent, or null as Stripe reports them for an account without those features); references
 * to other objects are kept as ids, never expanded.
 */
import type Stripe from 'stripe';

export type Metadata = Stripe.Metadata;
export type ApiList<T> = Stripe.ApiList<T>;

/** The fields `K` of the SDK's type `T`, with the expandable references `Refs` as ids. */
type Kept<T, K extends keyof T, Refs extends K = never> = Omit<Pick<T, K>, Refs> & {
  [P in Refs]: Extract<T[P], string | null>;
};

export type Customer = Kept<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'invoice_prefix'
  | 'livemode'
  | 'metadata'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
  | 'test_clock',
  'default_source' | 'test_clock'
> & {
  name: string | null;
  next_invoice_sequence: number;
  invoice_settings: Kept<
    Stripe.Customer.InvoiceSettings,
    'custom_fields' | 'default_payment_method' | 'footer' | 'rendering_options',
    'default_payment_method'
  >;
};

export type Product = Kept<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'default_price'
  | 'description'
  | 'images'
  | 'livemode'
  | 'marketing_features'
  | 'metadata'
  | 'name'
  | 'package_dimensions'
  | 'shippable'
  | 'statement_descriptor'
  | 'tax_code'
  | 'type'
  | 'unit_label'
  | 'updated'
  | 'url',
  'default_price' | 'tax_code'
>;

export type Recurring = Pick<
  Stripe.Price.Recurring,
  'interval' | 'interval_count' | 'meter' | 'trial_period_days' | 'usage_type'
>;

export type Price = Kept<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'custom_unit_amount'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'tax_behavior'
  | 'tiers_mode'
  | 'transform_quantity'
  | 'type',
  'product'
> & {
  recurring: Recurring | null;
  unit_amount: number;
  /** A string on the wire (the SDK parses it into its Decimal). */
  unit_amount_decimal: string;
};

export type PaymentMethod = Kept<
  Stripe.PaymentMethod,
  'id' | 'object' | 'billing_details' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type',
  'customer'
> & {
  card: Pick<Stripe.PaymentMethod.Card, 'brand' | 'country' | 'exp_month' | 'exp_year' | 'funding' | 'last4'>;
};

export type SubscriptionItem = Kept<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'subscription'
  | 'tax_rates'
> & { price: Price; discounts: string[]; quantity: number };

export type SubscriptionStatus = Stripe.Subscription.Status;

export type Subscription = Kept<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'default_payment_method'
  | 'description'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'pending_update'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start',
  'customer' | 'default_payment_method' | 'latest_invoice' | 'schedule' | 'test_clock'
> & {
  items: ApiList<SubscriptionItem>;
  discounts: string[];
  cancellation_details: NonNullable<Stripe.Subscription['cancellation_details']>;
};

export type InvoiceLine = Kept<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discount_amounts'
  | 'discountable'
  | 'discounts'
  | 'invoice'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'pretax_credit_amounts'
  | 'quantity'
  | 'subtotal'
  | 'taxes'
> & {
  pricing: Pick<NonNullable<Stripe.InvoiceLineItem['pricing']>, 'type'> & {
    price_details: { price: string; product: string };
    /** A string on the wire (the SDK parses it into its Decimal). */
    unit_amount_decimal: string;
  };
};

export type InvoiceStatus = Stripe.Invoice.Status;

export type Invoice = Kept<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'account_country'
  | 'account_name'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'customer_name'
  | 'default_payment_method'
  | 'description'
  | 'ending_balance'
  | 'hosted_invoice_url'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'subtotal_excluding_tax'
  | 'test_clock'
  | 'total'
  | 'total_excluding_tax',
  'default_payment_method' | 'test_clock'
> & {
  id: string;
  customer: string;
  lines: ApiList<InvoiceLine>;
  number: string;
  status: InvoiceStatus;
  /** Every invoice here bills a subscription. */
  parent: Pick<NonNullable<Stripe.Invoice['parent']>, 'type' | 'quote_details'> & {
    subscription_details: Pick<
      NonNullable<NonNullable<Stripe.Invoice['parent']>['subscription_details']>,
      'metadata'
    > & {
      subscription: string;
    };
  };
};

export type CheckoutSession = Kept<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'subscription'
  | 'success_url'
  | 'ui_mode'
  | 'url',
  'customer' | 'invoice' | 'subscription'
> & {
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  /** Stand-in bookkeeping, never answered (see `publicSession`). */
  _line_items: { price: string; quantity: number }[];
  _subscription_metadata: Metadata;
};

export type PortalSession = Kept<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'configuration'
  | 'created'
  | 'customer'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url',
  'configuration'
>;

export type TestClock = Pick<
  Stripe.TestHelpers.TestClock,
  'id' | 'object' | 'created' | 'deletes_after' | 'frozen_time' | 'livemode' | 'name' | 'status' | 'status_details'
>;

/** Any event type: the stand-in emits the billing ones its flows produce. */
export type StripeEvent = Omit<Stripe.EventBase, 'type' | 'data' | 'account' | 'context'> & {
  type: Stripe.Event['type'];
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
};

export type ApiObject =
  | Customer
  | Product
  | Price
  | PaymentMethod
  | Subscription
  | Invoice
  | CheckoutSession
  | PortalSession
  | TestClock
  | StripeEvent;
