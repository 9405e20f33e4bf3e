export interface RefreshingValueOptions<T> {
  /** Loads the value (a whole-table read, a remote call) as of `now`, the caller's epoch ms. */
  readonly load: (now: number) => Promise<T>;
  /** How long a loaded value is served as it is (ms). */
  readonly freshMs: number;
  /**
   * How long past `freshMs` the value may still be served while a refresh runs or after refreshes
   * failed (ms). Past that a caller waits for a load and sees its error.
   */
  readonly maxStaleMs: number;
  /** After a failed refresh, how long stale callers wait before the next attempt (ms). */
  readonly retryAfterMs: number;
  /** Told of a failed background refresh (the callers got the stale value). */
  readonly onRefreshError?: (error: unknown) => void;
}

/**
 * A loaded value reused for a while, refreshed on ONE flight with stale-while-revalidate: once it
 * is stale, the first caller starts a refresh and every caller keeps getting the stale value until
 * the refresh lands; callers with nothing (usable) cached share the one load in flight. A refresh
 * that fails keeps the stale value (for `maxStaleMs`) and is tried again after `retryAfterMs`.
 *
 * Why: when the stock universe's 60 s copy expired under 200 connections, every request started
 * its own whole-table read (2,303 queued DynamoDB calls); every request timed out and health
 * checks failed for 2.5 minutes.
 *
 * Time comes from the caller (`now`, epoch ms), as the services take it from their clock.
 */
export class RefreshingValue<T> {
  private current: { readonly value: T; readonly loadedAt: number } | undefined;
  private flight: Promise<T> | undefined;
  private retryAt = Number.NEGATIVE_INFINITY;
  /** Bumped by invalidate(): a load started before it does not become the value. */
  private generation = 0;

  constructor(private readonly options: RefreshingValueOptions<T>) {}

  get(now: number): Promise<T> {
    const current = this.current;
    const age = current ? now - current.loadedAt : Number.POSITIVE_INFINITY;
    if (current && age < this.options.freshMs) return Promise.resolve(current.value);
    if (current && age < this.options.freshMs + this.options.maxStaleMs) {
      if (!this.flight && now >= this.retryAt) {
        this.start(now).catch((error: unknown) => this.options.onRefreshError?.(error));
      }
      return Promise.resolve(current.value);
    }
    return this.flight ?? this.start(now);
  }

  /**
   * Forgets the value (its source changed): the next get waits for a load that starts after
   * this call, and a load already in flight, which may have read the old source, is not kept.
   */
  invalidate(): void {
    this.generation += 1;
    this.current = undefined;
    this.flight = undefined;
    this.retryAt = Number.NEGATIVE_INFINITY;
  }

  private start(now: number): Promise<T> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    // A load that throws instead of rejecting fails this flight, not the caller's stack.
    const flight = new Promise<T>((resolve) => resolve(this.options.load(now))).then(
      (value) => {
        if (current()) {
          this.current = { value, loadedAt: now };
          this.flight = undefined;
        }
        return value;
      },
      (error: unknown) => {
        if (current()) {
          this.retryAt = now + this.options.retryAfterMs;
          this.flight = undefined;
        }
        throw error;
      },
    );
    this.flight = flight;
    return flight;
  }
}
