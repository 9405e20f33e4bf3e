import { describe, expect, it } from 'vitest';
import { RefreshingValue } from './refreshing-value';

const FRESH = 60_000;
const MAX_STALE = 300_000;
const RETRY = 5_000;

/** A load the test settles by hand, counting how often it was started. */
function controlledLoad<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  return {
    load: () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject })),
    get starts() {
      return pending.length;
    },
    resolve: (value: T) => pending.at(-1)!.resolve(value),
    reject: (error: Error) => pending.at(-1)!.reject(error),
  };
}

function setup() {
  const source = controlledLoad<string>();
  const refreshErrors: unknown[] = [];
  const cache = new RefreshingValue({
    load: source.load,
    freshMs: FRESH,
    maxStaleMs: MAX_STALE,
    retryAfterMs: RETRY,
    onRefreshError: (error) => refreshErrors.push(error),
  });
  return { source, cache, refreshErrors };
}

/** Lets settled promises run their callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RefreshingValue', () => {
  it('loads as of the time of the caller that starts the load (a service clock, not the wall)', async () => {
    const asked: number[] = [];
    const cache = new RefreshingValue({
      load: async (now) => {
        asked.push(now);
        return `as of ${now}`;
      },
      freshMs: FRESH,
      maxStaleMs: MAX_STALE,
      retryAfterMs: RETRY,
    });
    await expect(cache.get(1_000)).resolves.toBe('as of 1000');
    await cache.get(1_000 + FRESH);
    await settle();
    expect(asked).toEqual([1_000, 1_000 + FRESH]);
  });

  it('shares one load among concurrent callers with nothing cached', async () => {
    const { source, cache } = setup();
    const callers = Array.from({ length: 200 }, () => cache.get(0));
    expect(source.starts).toBe(1);
    source.resolve('v1');
    expect(await Promise.all(callers)).toEqual(Array(200).fill('v1'));
  });

  it('serves the value without loading while it is fresh', async () => {
    const { source, cache } = setup();
    const first = cache.get(0);
    source.resolve('v1');
    await first;
    expect(await cache.get(FRESH - 1)).toBe('v1');
    expect(source.starts).toBe(1);
  });

  it('after invalidate, loads anew even while fresh, and keeps no load that started before it', async () => {
    const loads: ((value: string) => void)[] = [];
    const cache = new RefreshingValue({
      load: () => new Promise<string>((resolve) => loads.push(resolve)),
      freshMs: FRESH,
      maxStaleMs: MAX_STALE,
      retryAfterMs: RETRY,
    });
    const first = cache.get(0);
    loads[0]!('v1');
    expect(await first).toBe('v1');
    expect(await cache.get(FRESH + 1)).toBe('v1'); // stale: served, and a refresh starts
    expect(loads).toHaveLength(2);
    cache.invalidate();
    const after = cache.get(FRESH + 2);
    expect(loads).toHaveLength(3);
    loads[2]!('v3');
    expect(await after).toBe('v3');
    // The refresh that began before the invalidation lands late, with what it read then.
    loads[1]!('v2');
    await settle();
    expect(await cache.get(FRESH + 3)).toBe('v3');
    expect(loads).toHaveLength(3);
  });

  it('once stale, refreshes on one flight while every caller gets the stale value at once', async () => {
    const { source, cache } = setup();
    const first = cache.get(0);
    source.resolve('v1');
    await first;

    const during = await Promise.all(Array.from({ length: 200 }, (_, i) => cache.get(FRESH + i)));
    expect(during).toEqual(Array(200).fill('v1'));
    expect(source.starts).toBe(2);

    source.resolve('v2');
    await settle();
    expect(await cache.get(FRESH + 300)).toBe('v2');
    // The refreshed value is fresh from when its refresh started.
    expect(await cache.get(2 * FRESH - 1)).toBe('v2');
    expect(source.starts).toBe(2);
  });

  it('keeps serving the stale value when a refresh fails, and tries again after the retry delay', async () => {
    const { source, cache, refreshErrors } = setup();
    const first = cache.get(0);
    source.resolve('v1');
    await first;

    expect(await cache.get(FRESH)).toBe('v1');
    source.reject(new Error('DynamoDB timed out'));
    await settle();
    expect(refreshErrors).toEqual([new Error('DynamoDB timed out')]);

    // Within the retry delay: stale value, no new load.
    expect(await cache.get(FRESH + RETRY - 1)).toBe('v1');
    expect(source.starts).toBe(2);

    // After it: one new attempt, still answering with the stale value.
    expect(await cache.get(FRESH + RETRY)).toBe('v1');
    expect(await cache.get(FRESH + RETRY + 1)).toBe('v1');
    expect(source.starts).toBe(3);
    source.resolve('v2');
    await settle();
    expect(await cache.get(FRESH + RETRY + 2)).toBe('v2');
  });

  it('serves stale only for a bounded time: past it, callers share one load and see its error', async () => {
    const { source, cache } = setup();
    const first = cache.get(0);
    source.resolve('v1');
    await first;

    const tooOld = FRESH + MAX_STALE;
    const callers = Array.from({ length: 50 }, () => cache.get(tooOld));
    expect(source.starts).toBe(2);
    source.reject(new Error('still down'));
    const results = await Promise.allSettled(callers);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);

    // The next caller tries again (there is nothing it could be given instead).
    const again = cache.get(tooOld + 1);
    expect(source.starts).toBe(3);
    source.resolve('v2');
    expect(await again).toBe('v2');
  });

  it('turns a load that throws into a failed flight', async () => {
    const cache = new RefreshingValue<string>({
      load: () => {
        throw new Error('no client');
      },
      freshMs: FRESH,
      maxStaleMs: MAX_STALE,
      retryAfterMs: RETRY,
    });
    await expect(cache.get(0)).rejects.toThrow('no client');
  });
});
