/** /v1/customers: create, retrieve, update, list; /v1/payment_methods/:id retrieve. */
import { createdFilter, respond, respondList, type Route } from '../api';
import { mergeMetadata } from '../engine';
import { invalidRequest } from '../errors';
import { allowOnly, newMetadata, optionalObject, optionalString } from '../params';

const EDITABLE = ['email', 'name', 'description', 'phone', 'metadata'];

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [...EDITABLE, 'test_clock']);
      const customer = context.engine.createCustomer({
        email: optionalString(params, 'email'),
        name: optionalString(params, 'name'),
        description: optionalString(params, 'description'),
        phone: optionalString(params, 'phone'),
        metadata: newMetadata(params),
        testClock: optionalString(params, 'test_clock'),
      });
      return respond(context, customer);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('customer', context.path[0]));
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/customers\/([^/]+)$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, [...EDITABLE, 'invoice_settings']);
      const customer = context.store.get('customer', context.path[0]);
      const settings = optionalObject(params, 'invoice_settings');
      const defaultPaymentMethod = settings
        ? optionalString(settings, 'default_payment_method', 'invoice_settings[default_payment_method]')
        : undefined;
      const paymentMethod =
        defaultPaymentMethod === undefined || defaultPaymentMethod === ''
          ? defaultPaymentMethod
          : context.engine.resolvePaymentMethod(
              customer.id,
              defaultPaymentMethod,
              'invoice_settings[default_payment_method]',
            ).id;
      context.engine.updateCustomer(customer, (draft) => {
        for (const key of ['email', 'name', 'description', 'phone'] as const) {
          const value = optionalString(params, key);
          if (value !== undefined) draft[key] = value === '' ? null : value;
        }
        draft.metadata = mergeMetadata(draft.metadata, params.metadata);
        if (paymentMethod !== undefined) draft.invoice_settings.default_payment_method = paymentMethod || null;
      });
      return respond(context, customer);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/customers$/,
    handle(context) {
      allowOnly(context.params, ['email', 'test_clock', 'created', 'limit', 'starting_after', 'ending_before']);
      const email = optionalString(context.params, 'email');
      const clock = optionalString(context.params, 'test_clock');
      const created = createdFilter(context);
      const customers = context.store
        .all('customer')
        .filter((customer) => (email === undefined || customer.email === email) && created(customer))
        // Stripe leaves customers on a test clock out unless the clock is asked for.
        .filter((customer) => (clock ? customer.test_clock === clock : customer.test_clock === null));
      return respondList(context, customers, '/v1/customers');
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_methods\/([^/]+)$/,
    handle(context) {
      const id = context.path[0];
      if (id.startsWith('pm_card_'))
        throw invalidRequest(`No such PaymentMethod: '${id}'`, 'id', 'resource_missing', 404);
      return respond(context, context.store.get('payment_method', id));
    },
  },
];
