/** /v1/events: retrieve and list (type, types[], created). */
import { createdFilter, respond, respondList, type Route } from '../api';
import { allowOnly, optionalString, stringArray } from '../params';

function matches(pattern: string, type: string): boolean {
  // Stripe accepts a trailing wildcard: `customer.subscription.*`.
  return pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/events\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('event', context.path[0]));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/events$/,
    handle(context) {
      allowOnly(context.params, ['type', 'types', 'created', 'limit', 'starting_after', 'ending_before']);
      const type = optionalString(context.params, 'type');
      const types = stringArray(context.params, 'types');
      const created = createdFilter(context);
      const events = context.store
        .all('event')
        .filter(
          (event) =>
            (type === undefined || matches(type, event.type)) &&
            (types.length === 0 || types.some((each) => matches(each, event.type))) &&
            created(event),
        );
      return respondList(context, events, '/v1/events');
    },
  },
];
