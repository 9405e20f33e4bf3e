import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('query client (§7 retry policy, §9 no refetch on focus)', () => {
  const options = createQueryClient().getDefaultOptions().queries!;
  const retry = options.retry as (count: number, error: unknown) => boolean;
  const delay = options.retryDelay as (count: number, error: unknown) => number;

  it('retries retryable failures until 3 attempts in all', () => {
    const throttled = new ApiError(429, 'Too many requests');
    expect(retry(0, throttled)).toBe(true);
    expect(retry(1, throttled)).toBe(true);
    expect(retry(2, throttled)).toBe(false);
  });

  it('does not retry client errors', () => {
    expect(retry(0, new ApiError(404, 'Unknown symbol'))).toBe(false);
    expect(retry(0, new ApiError(400, 'bad period'))).toBe(false);
  });

  it('backs off 2^attempt × 100 ms plus up to 100 ms', () => {
    const first = delay(0, new ApiError(503, ''));
    expect(first).toBeGreaterThanOrEqual(200);
    expect(first).toBeLessThanOrEqual(300);
  });

  it('does not refetch on window focus', () => {
    expect(options.refetchOnWindowFocus).toBe(false);
  });
});
