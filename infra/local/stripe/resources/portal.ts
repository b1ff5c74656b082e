/** /v1/billing_portal/sessions: create (customer, return_url) -> the URL of the stand-in's portal page. */
import { respond, type Route } from '../api';
import { invalidRequest } from '../errors';
import { allowOnly, optionalString, requiredString } from '../params';
import { newId } from '../store';
import { wallClock } from '../time';
import type { PortalSession } from '../types';

export const portalRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    handle(context) {
      const { params, store } = context;
      allowOnly(params, ['customer', 'return_url', 'locale', 'configuration']);
      const customer = store.get('customer', requiredString(params, 'customer'), 'customer');
      const returnUrl = optionalString(params, 'return_url');
      if (returnUrl) {
        try {
          new URL(returnUrl);
        } catch {
          throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
        }
      }
      const id = `bps_${newId('x').slice(2)}`;
      const session: PortalSession = {
        id,
        object: 'billing_portal.session',
        configuration: optionalString(params, 'configuration') ?? 'bpc_local_default',
        created: wallClock(),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: optionalString(params, 'locale') ?? null,
        on_behalf_of: null,
        return_url: returnUrl ?? null,
        url: `${context.baseUrl}/p/session/${id}`,
      };
      store.put(session);
      return respond(context, session);
    },
  },
];
