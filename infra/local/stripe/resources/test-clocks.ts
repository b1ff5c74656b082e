/**
 * /v1/test_helpers/test_clocks: create, retrieve, list, delete, advance. Advancing moves the clock's
 * customers through time: each of their subscriptions renews (or ends) at every period end passed.
 */
import { respond, respondList, type Route } from '../api';
import type { Billing } from '../billing';
import type { Engine } from '../engine';
import { invalidRequest } from '../errors';
import { allowOnly, optionalInteger, optionalString } from '../params';
import { newId } from '../store';
import { wallClock } from '../time';
import type { TestClock } from '../types';

function requiredTime(params: Parameters<typeof optionalInteger>[0]): number {
  const value = optionalInteger(params, 'frozen_time');
  if (value === undefined)
    throw invalidRequest('Missing required param: frozen_time.', 'frozen_time', 'parameter_missing');
  return value;
}

export function advanceClock(engine: Engine, billing: Billing, clock: TestClock, to: number): void {
  engine.request = null;
  engine.emit('test_helpers.test_clock.advancing', { ...clock, status: 'advancing' });
  clock.frozen_time = to;
  const customers = new Set(
    engine.store
      .all('customer')
      .filter((customer) => customer.test_clock === clock.id)
      .map((customer) => customer.id),
  );
  // Oldest first, so the events read in the order things happened.
  const subscriptions = engine.store
    .all('subscription')
    .filter((subscription) => customers.has(subscription.customer))
    .reverse();
  for (const subscription of subscriptions) billing.catchUp(subscription, to);
  clock.status = 'ready';
  engine.store.changed();
  engine.emit('test_helpers.test_clock.ready', clock);
}

export const testClockRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/test_clocks$/,
    handle(context) {
      allowOnly(context.params, ['frozen_time', 'name']);
      const frozenTime = requiredTime(context.params);
      const created = wallClock();
      const clock: TestClock = {
        id: newId('clock'),
        object: 'test_helpers.test_clock',
        created,
        deletes_after: created + 30 * 86_400,
        frozen_time: frozenTime,
        livemode: false,
        name: optionalString(context.params, 'name') ?? null,
        status: 'ready',
        status_details: {},
      };
      context.store.put(clock);
      context.engine.emit('test_helpers.test_clock.created', clock);
      return respond(context, clock);
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
    handle(context) {
      return respond(context, context.store.get('test_helpers.test_clock', context.path[0]));
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/test_helpers\/test_clocks$/,
    handle(context) {
      allowOnly(context.params, ['limit', 'starting_after', 'ending_before']);
      return respondList(context, context.store.all('test_helpers.test_clock'), '/v1/test_helpers/test_clocks');
    },
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)$/,
    handle(context) {
      const clock = context.store.get('test_helpers.test_clock', context.path[0]);
      // Deleting a clock deletes its customers and their objects, as Stripe does.
      for (const customer of context.store.all('customer').filter((each) => each.test_clock === clock.id)) {
        for (const subscription of context.store.all('subscription').filter((each) => each.customer === customer.id)) {
          context.store.remove(subscription.id);
        }
        context.store.remove(customer.id);
      }
      context.store.remove(clock.id);
      context.engine.emit('test_helpers.test_clock.deleted', clock);
      return { id: clock.id, object: 'test_helpers.test_clock', deleted: true };
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/test_helpers\/test_clocks\/([^/]+)\/advance$/,
    handle(context) {
      allowOnly(context.params, ['frozen_time']);
      const clock = context.store.get('test_helpers.test_clock', context.path[0]);
      const to = requiredTime(context.params);
      if (to <= clock.frozen_time) {
        throw invalidRequest(
          'Cannot advance the test clock to a time before or equal to its current frozen time.',
          'frozen_time',
        );
      }
      advanceClock(context.engine, context.billing, clock, to);
      // Stripe answers while the clock is advancing; here the work is done, and a retrieve shows `ready`.
      return { ...(respond(context, clock) as object), status: 'advancing' };
    },
  },
];
