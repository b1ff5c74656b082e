/** /v1/invoices: retrieve, list, lines, pay. */
import { createdFilter, respond, respondList, type Route } from '../api';
import { cardDeclined, invalidRequest } from '../errors';
import { plain } from '../present';
import { allowOnly, optionalString } from '../params';

export const invoiceRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/invoices\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('invoice', context.path[0]));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices\/([^/]+)\/lines$/,
    handle(context) {
      allowOnly(context.params, ['limit']);
      // An invoice here has a handful of lines: one page holds them all.
      const invoice = context.store.get('invoice', context.path[0]);
      return plain(invoice.lines);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices$/,
    handle(context) {
      const { params } = context;
      allowOnly(params, ['customer', 'subscription', 'status', 'created', 'limit', 'starting_after', 'ending_before']);
      const customer = optionalString(params, 'customer');
      const subscription = optionalString(params, 'subscription');
      const status = optionalString(params, 'status');
      const created = createdFilter(context);
      const invoices = context.store
        .all('invoice')
        .filter(
          (invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
            (status === undefined || invoice.status === status) &&
            created(invoice),
        );
      return respondList(context, invoices, '/v1/invoices');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/invoices\/([^/]+)\/pay$/,
    handle(context) {
      allowOnly(context.params, []);
      const invoice = context.store.get('invoice', context.path[0]);
      if (invoice.status !== 'open') throw invalidRequest('Invoice is already paid', undefined, 'invoice_not_editable');
      const subscription = context.store.get('subscription', invoice.parent.subscription_details.subscription);
      context.billing.retryOpenInvoices(subscription.customer);
      if ((invoice.status as string) !== 'paid') throw cardDeclined();
      return respond(context, invoice);
    },
  },
];
