/** How many failures are free, and how long the lock after the n-th failure beyond them lasts. */
export interface AttemptPolicy {
  readonly freeFailures: number;
  /** The lock after failure number freeFailures + n (n = 0, 1, …), in ms. */
  lockMs(n: number): number;
}

interface Failures {
  count: number;
  lockedUntil: number;
}

/**
 * Failed attempts per key (a user), and the temporary lock they earn: the policy's free failures,
 * then a lock after each further one. A success forgets the key's failures. Kept in memory, as the
 * service's other short-lived state: a restart lifts every lock.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly policy: AttemptPolicy,
    private readonly now: () => number,
  ) {}

  /** Whether the key is locked now. */
  isLocked(key: string): boolean {
    return (this.failures.get(key)?.lockedUntil ?? 0) > this.now();
  }

  fail(key: string): void {
    const entry = this.failures.get(key) ?? { count: 0, lockedUntil: 0 };
    entry.count += 1;
    const beyond = entry.count - this.policy.freeFailures;
    if (beyond >= 0) entry.lockedUntil = this.now() + this.policy.lockMs(beyond);
    this.failures.set(key, entry);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}

/**
 * Cognito's sign-in lockout: five failed password attempts are free; then each failure locks the
 * user for 1 s, doubling with every further failure up to about 15 minutes.
 */
export const PASSWORD_LOCKOUT: AttemptPolicy = {
  freeFailures: 5,
  lockMs: (n) => Math.min(1_000 * 2 ** n, 15 * 60_000),
};

/**
 * Wrong password-reset codes: five, then Cognito's "Attempt limit exceeded, please try after some
 * time." for a while (15 minutes here) — also for the right code and a newly requested one, so
 * asking for codes again does not buy more guesses.
 */
export const RESET_CODE_LIMIT: AttemptPolicy = {
  freeFailures: 5,
  lockMs: () => 15 * 60_000,
};
