/**
 * When a failed delivery is tried again, and when an endpoint that keeps failing is disabled
 * (issue 25 §2, decision 114). Pure functions of the attempt and the clock, so the queue consumer,
 * the local stack and the tests share them.
 *
 * Backoff: 30 s, then doubling, capped at 2 h, with ±20 % jitter so the retries of one outage do
 * not arrive together; a delivery keeps being retried while its first attempt is less than 24 h
 * old, so its last attempt comes at least 24 h after its first (about 20 attempts).
 */
export const WEBHOOK_RETRY = {
  firstDelaySeconds: 30,
  maxDelaySeconds: 2 * 60 * 60,
  jitter: 0.2,
  /** A failed delivery is retried until its first attempt is at least this old. */
  retryForSeconds: 24 * 60 * 60,
  /** Each attempt's request timeout. */
  timeoutMs: 10_000,
} as const;

export const WEBHOOK_DISABLE = {
  /** An endpoint is disabled when every attempt has failed for this long (no success since)... */
  failingForSeconds: 24 * 60 * 60,
  /** ...and at least this many attempts failed in a row (one failed delivery alone never disables). */
  minConsecutiveFailures: 10,
} as const;

/** Delay before attempt `attempt + 1`, after attempt `attempt` (1-based) failed; `random` in [0, 1). */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(WEBHOOK_RETRY.firstDelaySeconds * 2 ** Math.max(0, attempt - 1), WEBHOOK_RETRY.maxDelaySeconds);
  const factor = 1 + WEBHOOK_RETRY.jitter * (2 * random() - 1);
  return Math.max(1, Math.round(base * factor));
}

/**
 * After attempt `attempt` failed at `nowMs`: the time of the next attempt, or undefined when the
 * delivery has been retried for WEBHOOK_RETRY.retryForSeconds and is given up.
 */
export function nextAttemptAt(
  delivery: { firstAttemptAtMs: number; attempt: number },
  nowMs: number,
  random: () => number = Math.random,
): number | undefined {
  if (nowMs - delivery.firstAttemptAtMs >= WEBHOOK_RETRY.retryForSeconds * 1000) return undefined;
  return nowMs + retryDelaySeconds(delivery.attempt, random) * 1000;
}

/** What the endpoint's item keeps of its recent attempts. */
export interface EndpointHealth {
  /** Attempts failed since the last success. */
  consecutiveFailures: number;
  /** The first of those failures (ms), absent after a success. */
  failingSinceMs?: number;
  disabled: boolean;
}

/**
 * The endpoint's health after one attempt. `disabledNow` is true on the attempt that disables it:
 * the caller tells the owner by e-mail then, once.
 */
export function healthAfterAttempt(
  health: EndpointHealth,
  succeeded: boolean,
  nowMs: number,
): { health: EndpointHealth; disabledNow: boolean } {
  if (succeeded) return { health: { consecutiveFailures: 0, disabled: health.disabled }, disabledNow: false };
  const failingSinceMs = health.failingSinceMs ?? nowMs;
  const consecutiveFailures = health.consecutiveFailures + 1;
  const disable =
    !health.disabled &&
    consecutiveFailures >= WEBHOOK_DISABLE.minConsecutiveFailures &&
    nowMs - failingSinceMs >= WEBHOOK_DISABLE.failingForSeconds * 1000;
  return {
    health: { consecutiveFailures, failingSinceMs, disabled: health.disabled || disable },
    disabledNow: disable,
  };
}
