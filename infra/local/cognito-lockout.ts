/**
 * Cognito's lockout after failed attempts, which cognito-local lacks (issue 23, decision 108).
 * Cognito: "After five failed [...] sign-in attempts with a password, Amazon Cognito locks out
 * your user for one second. The lockout duration then doubles after each additional one failed
 * attempt, up to a maximum of approximately 15 minutes. Attempts made during a lockout period
 * generate a Password attempts exceeded exception, and don't affect the duration of subsequent
 * lockout periods. [...] To reset the lockout to its n=0 initial state, your user must either sign
 * in successfully after a lockout period expires, or not initiate any sign-in attempts for 15
 * consecutive minutes at any time after a lockout."
 * https://docs.aws.amazon.com/cognito/latest/developerguide/authentication.html#authentication-flow-lockout-behavior
 *
 * Wrong confirmation codes (password reset, sign-up) meet Cognito's LimitExceededException
 * ('Attempt limit exceeded, please try after some time.'), whose thresholds are not published:
 * after the same five free failures they lock for the longest password lockout at once.
 */
const FREE_FAILURES = 5;
const MAX_LOCK_MS = 15 * 60 * 1000;

/** How long the n-th failure (n ≥ 5) locks the user out. */
export const LOCK_RULES = {
  password: (failures: number) => Math.min(2 ** (failures - FREE_FAILURES) * 1000, MAX_LOCK_MS),
  code: () => MAX_LOCK_MS,
} as const;
/** Fifteen minutes without an attempt clear the count. */
const QUIET_RESET_MS = 15 * 60 * 1000;

interface Attempts {
  failures: number;
  lockedUntil: number;
  lastAttempt: number;
}

export class FailedAttempts {
  private readonly byUser = new Map<string, Attempts>();

  constructor(
    private readonly lockMs: (failures: number) => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the user is locked out: the attempt is refused and not counted (but it is an attempt). */
  isLocked(user: string): boolean {
    const attempts = this.current(user);
    if (attempts === undefined || this.now() >= attempts.lockedUntil) return false;
    attempts.lastAttempt = this.now();
    return true;
  }

  failed(user: string): void {
    const attempts = this.current(user) ?? { failures: 0, lockedUntil: 0, lastAttempt: 0 };
    attempts.failures += 1;
    attempts.lastAttempt = this.now();
    if (attempts.failures >= FREE_FAILURES) {
      attempts.lockedUntil = this.now() + this.lockMs(attempts.failures);
    }
    this.byUser.set(user, attempts);
  }

  succeeded(user: string): void {
    this.byUser.delete(user);
  }

  private current(user: string): Attempts | undefined {
    const attempts = this.byUser.get(user);
    if (attempts && this.now() - attempts.lastAttempt > QUIET_RESET_MS) {
      this.byUser.delete(user);
      return undefined;
    }
    return attempts;
  }
}
