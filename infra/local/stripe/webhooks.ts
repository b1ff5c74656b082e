/**
 * Webhook delivery as Stripe does it: each event POSTed as JSON to the endpoint with a
 * `Stripe-Signature: t=<seconds>,v1=<HMAC-SHA256(secret, "<t>.<body>")>` header, asynchronously,
 * in creation order, retried with backoff on a non-2xx answer or a network failure. The queue is
 * part of the persisted state, so a restart resumes what was not delivered. Local backoff is in
 * milliseconds where Stripe's is in hours.
 */
import { createHmac } from 'node:crypto';
import type { QueuedDelivery, Store } from './store';
import type { StripeEvent } from './types';

export interface DeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  /** HTTP status, or 0 for a network failure. */
  status: number;
  at: number;
}

export interface WebhookOptions {
  store: Store;
  /** Where events go; until one is set (see `setUrl`), they wait in the queue. */
  url: string | undefined;
  secret: string;
  log: (line: string) => void;
  /** First retry delay in ms, doubled each attempt (default 250). */
  retryBaseMs?: number;
  /** Attempts before an event is dropped from the queue (default 8). */
  maxAttempts?: number;
}

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export class WebhookDelivery {
  readonly attempts: DeliveryAttempt[] = [];
  private paused = false;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;

  constructor(private readonly options: WebhookOptions) {
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.maxAttempts = options.maxAttempts ?? 8;
  }

  private get queue(): QueuedDelivery[] {
    return this.options.store.state.webhookQueue;
  }

  setUrl(url: string): void {
    this.options.url = url;
    this.kick();
  }

  enqueue(event: StripeEvent): void {
    this.queue.push({ eventId: event.id, attempts: 0, nextAttemptAt: Date.now() });
    this.options.store.changed();
    this.kick();
  }

  /** Stops automatic delivery; events keep queuing until `resume()` or `flush()`. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Queued event ids, in delivery order. */
  pending(): string[] {
    return this.queue.map((entry) => entry.eventId);
  }

  /** Delivers the given queued events now, in the given order (out of order on purpose); the others stay queued. */
  async flush(eventIds: string[]): Promise<void> {
    for (const id of eventIds) {
      const entry = this.queue.find((each) => each.eventId === id);
      if (!entry) throw new Error(`Event ${id} is not queued`);
      await this.attempt(entry);
    }
  }

  /** Sends an event again (already delivered or not), as the Dashboard's "Resend" does. */
  async resend(eventId: string): Promise<number> {
    const event = this.options.store.find('event', eventId);
    if (!event) throw new Error(`No such event: ${eventId}`);
    return this.post(event, 0);
  }

  /** Resolves once nothing is queued (at once when there is no endpoint; while paused, only when the queue is already empty). */
  idle(): Promise<void> {
    if (this.queue.length === 0 || !this.options.url) return Promise.resolve();
    this.kick();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private kick(): void {
    if (this.closed || this.paused || this.running || !this.options.url) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run().finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.queue.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    if (this.paused) return;
    const next = Math.min(...this.queue.map((entry) => entry.nextAttemptAt));
    this.timer = setTimeout(() => this.kick(), Math.max(0, next - Date.now()));
  }

  /** One pass: every due entry, oldest first. */
  private async run(): Promise<void> {
    for (const entry of [...this.queue]) {
      if (this.closed || this.paused) return;
      if (entry.nextAttemptAt <= Date.now() && this.queue.includes(entry)) await this.attempt(entry);
    }
  }

  private async attempt(entry: QueuedDelivery): Promise<void> {
    const event = this.options.store.find('event', entry.eventId);
    entry.attempts += 1;
    const status = event ? await this.post(event, entry.attempts) : 200;
    const index = this.queue.indexOf(entry);
    if ((status >= 200 && status < 300) || entry.attempts >= this.maxAttempts) {
      if (status < 200 || status >= 300) {
        this.options.log(
          `[stripe] webhook ${entry.eventId} dropped after ${entry.attempts} attempts (last status ${status})`,
        );
      }
      if (index !== -1) this.queue.splice(index, 1);
    } else {
      entry.nextAttemptAt = Date.now() + this.retryBaseMs * 2 ** (entry.attempts - 1);
    }
    this.options.store.changed();
  }

  private async post(event: StripeEvent, attempt: number): Promise<number> {
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const response = await fetch(this.options.url!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, this.options.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    this.attempts.push({ eventId: event.id, type: event.type, attempt, status, at: Date.now() });
    return status;
  }
}
