import {
  healthAfterAttempt,
  nextAttemptAt,
  retryDelaySeconds,
  WEBHOOK_DISABLE,
  WEBHOOK_RETRY,
  type EndpointHealth,
} from './webhook-retry';

const middle = () => 0.5; // no jitter
const hour = 60 * 60 * 1000;

describe('webhook retries', () => {
  it('doubles the delay from 30 s, capped at 2 h', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 30].map((attempt) => retryDelaySeconds(attempt, middle))).toEqual([
      30, 60, 120, 240, 480, 3840, 7200, 7200,
    ]);
  });

  it('spreads the delays by at most 20 % either way', () => {
    expect(retryDelaySeconds(3, () => 0)).toBe(96);
    expect(retryDelaySeconds(3, () => 0.999999)).toBe(144);
  });

  it('keeps retrying a failing delivery for at least 24 hours, then gives up', () => {
    for (const random of [() => 0, middle, () => 0.999999]) {
      const first = 1_000_000;
      let now = first;
      let attempt = 1;
      let next = nextAttemptAt({ firstAttemptAtMs: first, attempt }, now, random);
      while (next !== undefined) {
        expect(next).toBeGreaterThan(now);
        now = next;
        attempt += 1;
        next = nextAttemptAt({ firstAttemptAtMs: first, attempt }, now, random);
      }
      expect(now - first).toBeGreaterThanOrEqual(WEBHOOK_RETRY.retryForSeconds * 1000);
      expect(now - first).toBeLessThan(WEBHOOK_RETRY.retryForSeconds * 1000 + WEBHOOK_RETRY.maxDelaySeconds * 1200);
      expect(attempt).toBeGreaterThanOrEqual(15);
      expect(attempt).toBeLessThan(30);
    }
  });
});

describe('disabling an endpoint that keeps failing', () => {
  const healthy: EndpointHealth = { consecutiveFailures: 0, disabled: false };

  it('disables it once, after 24 h of failures and at least 10 in a row', () => {
    let health = healthy;
    const start = 5 * hour;
    const disabledAt: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const now = start + i * 2 * hour;
      const after = healthAfterAttempt(health, false, now);
      if (after.disabledNow) disabledAt.push(now);
      health = after.health;
    }
    expect(disabledAt).toEqual([start + 12 * 2 * hour]);
    expect(health).toMatchObject({ disabled: true, failingSinceMs: start, consecutiveFailures: 30 });
  });

  it('does not disable many failures within a day, nor a day of fewer failures than the minimum', () => {
    let health = healthy;
    for (let i = 0; i < 50; i += 1) health = healthAfterAttempt(health, false, i * 60_000).health;
    expect(health.disabled).toBe(false);
    let sparse = healthy;
    for (let i = 0; i < WEBHOOK_DISABLE.minConsecutiveFailures - 1; i += 1) {
      sparse = healthAfterAttempt(sparse, false, i * 10 * hour).health;
    }
    expect(sparse.disabled).toBe(false);
  });

  it('starts counting again after a success', () => {
    let health = healthy;
    for (let i = 0; i < 12; i += 1) health = healthAfterAttempt(health, false, i * 2 * hour).health;
    expect(health.disabled).toBe(false);
    health = healthAfterAttempt(health, true, 23 * hour).health;
    expect(health).toEqual({ consecutiveFailures: 0, disabled: false });
    const after = healthAfterAttempt(health, false, 25 * hour);
    expect(after).toEqual({
      health: { consecutiveFailures: 1, failingSinceMs: 25 * hour, disabled: false },
      disabledNow: false,
    });
  });
});
