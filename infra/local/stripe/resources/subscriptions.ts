/** /v1/subscriptions: create, retrieve, list, update, cancel (DELETE). */
import { createdFilter, respond, respondList, type Route } from '../api';
import type { ItemInput } from '../billing';
import { invalidRequest, missingParam } from '../errors';
import type { FormParams } from '../form';
import {
  allowOnly,
  newMetadata,
  oneOf,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
} from '../params';
import type { SubscriptionStatus } from '../types';

/** Only the default behaviour is implemented: the first payment is attempted at once and may leave the subscription incomplete. */
function checkPaymentBehavior(params: FormParams): void {
  const behavior = optionalString(params, 'payment_behavior');
  if (behavior !== undefined && behavior !== 'allow_incomplete') {
    throw invalidRequest(
      `The local Stripe stand-in only implements payment_behavior=allow_incomplete (got '${behavior}').`,
      'payment_behavior',
    );
  }
}

const PRORATION = ['create_prorations', 'always_invoice', 'none'] as const;
const LIST_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export const subscriptionRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [
        'customer',
        'items',
        'default_payment_method',
        'metadata',
        'payment_behavior',
        'proration_behavior',
      ]);
      checkPaymentBehavior(params);
      const customer = requiredString(params, 'customer');
      const raw = optionalArray(params, 'items');
      if (!raw || raw.length === 0) throw missingParam('items');
      const items: ItemInput[] = raw.map((each, index) => ({
        price: requiredString(each as FormParams, 'price', `items[${index}][price]`),
        quantity: optionalInteger(each as FormParams, 'quantity', `items[${index}][quantity]`) ?? 1,
      }));
      const subscription = context.billing.create({
        customer,
        items,
        defaultPaymentMethod: optionalString(params, 'default_payment_method'),
        metadata: newMetadata(params),
      });
      return respond(context, subscription);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('subscription', context.path[0]));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [
        'customer',
        'price',
        'status',
        'test_clock',
        'created',
        'limit',
        'starting_after',
        'ending_before',
      ]);
      const customer = optionalString(params, 'customer');
      const price = optionalString(params, 'price');
      const clock = optionalString(params, 'test_clock');
      const status = oneOf(optionalString(params, 'status'), LIST_STATUSES, 'status');
      const created = createdFilter(context);
      const ended: SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
      const subscriptions = context.store.all('subscription').filter(
        (subscription) =>
          (customer === undefined || subscription.customer === customer) &&
          (price === undefined || subscription.items.data.some((item) => item.price.id === price)) &&
          (clock === undefined || subscription.test_clock === clock) &&
          created(subscription) &&
          // Without a status, Stripe lists every subscription that is not canceled.
          (status === 'all' ||
            (status === undefined && subscription.status !== 'canceled') ||
            (status === 'ended' && ended.includes(subscription.status)) ||
            subscription.status === status),
      );
      return respondList(context, subscriptions, '/v1/subscriptions');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [
        'items',
        'proration_behavior',
        'cancel_at_period_end',
        'metadata',
        'default_payment_method',
        'payment_behavior',
      ]);
      checkPaymentBehavior(params);
      const subscription = context.store.get('subscription', context.path[0]);
      const items = optionalArray(params, 'items')?.map((each, index) => {
        const item = each as FormParams;
        return {
          id: optionalString(item, 'id', `items[${index}][id]`),
          price: optionalString(item, 'price', `items[${index}][price]`),
          quantity: optionalInteger(item, 'quantity', `items[${index}][quantity]`),
          deleted: optionalBoolean(item, 'deleted', `items[${index}][deleted]`),
        };
      });
      context.billing.update(subscription, {
        items,
        prorationBehavior: oneOf(optionalString(params, 'proration_behavior'), PRORATION, 'proration_behavior'),
        cancelAtPeriodEnd: optionalBoolean(params, 'cancel_at_period_end'),
        metadata: params.metadata,
        defaultPaymentMethod: optionalString(params, 'default_payment_method'),
      });
      return respond(context, subscription);
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    handle(context) {
      // invoice_now / prorate would bill usage or credit the unused time: accepted, nothing to bill for licensed prices here.
      allowOnly(context.params, ['invoice_now', 'prorate', 'cancellation_details']);
      const subscription = context.store.get('subscription', context.path[0]);
      context.billing.cancel(subscription);
      return respond(context, subscription);
    },
  },
];
