/**
 * Test controls, as a JS API and as HTTP endpoints under /_stand-in/:
 *   POST /_stand-in/subscriptions/<id>/advance-period   renew (or end) a clock-less subscription now
 *   POST /_stand-in/test_clocks/<id>/advance            frozen_time=...  (same as the API, no key needed)
 *   GET  /_stand-in/webhooks                            { paused, pending: [event ids], attempts }
 *   POST /_stand-in/webhooks/pause | /resume | /idle    stop, restart, wait until the queue is empty
 *   POST /_stand-in/webhooks/flush                      events[]=evt_b&events[]=evt_a: deliver these now, in this order
 *   POST /_stand-in/events/<id>/resend                  deliver an event again
 */
import type { Billing } from './billing';
import type { Engine } from './engine';
import { invalidRequest, resourceMissing } from './errors';
import type { FormParams } from './form';
import { present, type Json } from './present';
import { advanceClock } from './resources/test-clocks';
import type { DeliveryAttempt, WebhookDelivery } from './webhooks';

export interface StandInControls {
  /** Renews a subscription that follows no test clock as if its period had just ended. */
  advancePeriod(subscriptionId: string): void;
  advanceClock(clockId: string, frozenTime: number): void;
  webhooks: {
    pause(): void;
    resume(): void;
    /** Delivers these queued events now, in this order. */
    flush(eventIds: string[]): Promise<void>;
    resend(eventId: string): Promise<number>;
    /** Resolves when no event waits for delivery. */
    idle(): Promise<void>;
    pending(): string[];
    attempts(): DeliveryAttempt[];
  };
  handleHttp(method: string, pathname: string, params: FormParams): Promise<Json | undefined>;
}

export function createControls(engine: Engine, billing: Billing, delivery: WebhookDelivery): StandInControls {
  let paused = false;
  const controls: StandInControls = {
    advancePeriod(subscriptionId) {
      const subscription = engine.store.get('subscription', subscriptionId);
      if (subscription.test_clock) {
        throw invalidRequest(
          `This subscription follows the test clock ${subscription.test_clock}: advance the clock instead.`,
        );
      }
      engine.request = null;
      const end = Math.min(...subscription.items.data.map((item) => item.current_period_end));
      billing.catchUp(subscription, end);
    },
    advanceClock(clockId, frozenTime) {
      const clock = engine.store.get('test_helpers.test_clock', clockId);
      if (frozenTime <= clock.frozen_time)
        throw invalidRequest('Cannot advance the test clock backwards.', 'frozen_time');
      advanceClock(engine, billing, clock, frozenTime);
    },
    webhooks: {
      pause() {
        paused = true;
        delivery.pause();
      },
      resume() {
        paused = false;
        delivery.resume();
      },
      flush: (ids) => delivery.flush(ids),
      resend: (id) => delivery.resend(id),
      idle: () => delivery.idle(),
      pending: () => delivery.pending(),
      attempts: () => [...delivery.attempts],
    },
    async handleHttp(method, pathname, params) {
      if (method === 'GET' && pathname === '/_stand-in/webhooks') {
        return { paused, pending: delivery.pending(), attempts: delivery.attempts as unknown as Json };
      }
      if (method !== 'POST') return undefined;
      const subscription = /^\/_stand-in\/subscriptions\/([^/]+)\/advance-period$/.exec(pathname);
      if (subscription) {
        controls.advancePeriod(subscription[1]!);
        return present(engine.store, engine.store.get('subscription', subscription[1]!));
      }
      const clock = /^\/_stand-in\/test_clocks\/([^/]+)\/advance$/.exec(pathname);
      if (clock) {
        controls.advanceClock(clock[1]!, Number(params.frozen_time));
        return present(engine.store, engine.store.get('test_helpers.test_clock', clock[1]!));
      }
      const resend = /^\/_stand-in\/events\/([^/]+)\/resend$/.exec(pathname);
      if (resend) {
        if (!engine.store.find('event', resend[1]!)) throw resourceMissing('event', resend[1]!);
        return { status: await controls.webhooks.resend(resend[1]!) };
      }
      switch (pathname) {
        case '/_stand-in/webhooks/pause':
          controls.webhooks.pause();
          return { paused: true };
        case '/_stand-in/webhooks/resume':
          controls.webhooks.resume();
          return { paused: false };
        case '/_stand-in/webhooks/idle':
          await controls.webhooks.idle();
          return { pending: [] };
        case '/_stand-in/webhooks/flush': {
          const ids = Array.isArray(params.events) ? params.events.map(String) : [];
          const missing = ids.find((id) => !delivery.pending().includes(id));
          if (missing) throw invalidRequest(`Event ${missing} is not waiting for delivery.`, 'events');
          await controls.webhooks.flush(ids);
          return { pending: delivery.pending() };
        }
        default:
          return undefined;
      }
    },
  };
  return controls;
}
