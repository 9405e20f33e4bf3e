import { describe, expect, it } from 'vitest';
import { isRetryable, isRetryableStatus, retryDelayMs, withRetry } from './retry';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('§9 retry backoff', () => {
  it('waits 2^attempt × 100 ms plus up to 100 ms of jitter', () => {
    expect(retryDelayMs(1, () => 0)).toBe(200);
    expect(retryDelayMs(1, () => 0.5)).toBe(250);
    expect(retryDelayMs(2, () => 0.999)).toBeCloseTo(499.9);
    expect(retryDelayMs(0, () => 0)).toBe(100);
  });

  it('is capped at 300000 ms', () => {
    expect(retryDelayMs(11, () => 0)).toBe(204_800);
    expect(retryDelayMs(12, () => 0)).toBe(300_000);
    expect(retryDelayMs(50, () => 1)).toBe(300_000);
  });

  it('uses Math.random by default, within the jitter range', () => {
    const delay = retryDelayMs(3);
    expect(delay).toBeGreaterThanOrEqual(800);
    expect(delay).toBeLessThan(900);
  });
});

describe('§7 retryable failures', () => {
  it.each([429, 500, 502, 503, 504])('retries HTTP %i', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
    expect(isRetryable({ status })).toBe(true);
    expect(isRetryable({ statusCode: status })).toBe(true);
    expect(isRetryable({ $metadata: { httpStatusCode: status } })).toBe(true);
    expect(isRetryable({ response: { status } })).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])('does not retry HTTP %i', (status) => {
    expect(isRetryable({ status })).toBe(false);
  });

  it('retries network errors', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryable(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      true,
    );
    expect(isRetryable(new TypeError('Load failed'))).toBe(true);
    expect(isRetryable(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(isRetryable(Object.assign(new Error('connect'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isRetryable(named('NetworkError'))).toBe(true);
    expect(
      isRetryable(new TypeError('fetch failed', { cause: { code: 'ECONNRESET', name: 'Error' } })),
    ).toBe(true);
  });

  it('retries throttling and time-outs', () => {
    expect(isRetryable(named('ThrottlingException', 'Rate exceeded'))).toBe(true);
    expect(isRetryable(named('TooManyRequestsException'))).toBe(true);
    expect(isRetryable(named('TimeoutError'))).toBe(true);
    expect(isRetryable(named('AbortError'))).toBe(true);
  });

  it('does not retry anything else', () => {
    expect(isRetryable(new TypeError('x is not a function'))).toBe(false);
    expect(isRetryable(named('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      false,
    );
    expect(isRetryable(named('CodeMismatchException'))).toBe(false);
    expect(isRetryable(new Error('fetch failed', { cause: new Error('bad certificate') }))).toBe(
      false,
    );
    expect(isRetryable('Failed to fetch')).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });
});

describe('§7 withRetry: up to 3 attempts', () => {
  const recorder = () => {
    const waits: number[] = [];
    return { waits, sleep: async (ms: number) => void waits.push(ms), random: () => 0 };
  };

  it('returns the first success without waiting', async () => {
    const { waits, sleep, random } = recorder();
    await expect(withRetry(async () => 'ok', { sleep, random })).resolves.toBe('ok');
    expect(waits).toEqual([]);
  });

  it('retries a retryable failure with backoff and returns the later success', async () => {
    const { waits, sleep, random } = recorder();
    const attempts: number[] = [];
    const result = await withRetry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw { status: 503 };
        return 'third time';
      },
      { sleep, random },
    );
    expect(result).toBe('third time');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits).toEqual([200, 400]);
  });

  it('gives up after 3 attempts with the last error', async () => {
    const { waits, sleep, random } = recorder();
    let calls = 0;
    const failure = withRetry(
      async () => {
        calls += 1;
        throw new TypeError(`Failed to fetch (${calls})`);
      },
      { sleep, random },
    );
    await expect(failure).rejects.toThrow('Failed to fetch (3)');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('does not retry a non-retryable error', async () => {
    const { waits, sleep } = recorder();
    let calls = 0;
    const failure = withRetry(
      async () => {
        calls += 1;
        throw named('NotAuthorizedException');
      },
      { sleep },
    );
    await expect(failure).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });

  it("stops once the caller's signal is aborted", async () => {
    const controller = new AbortController();
    let calls = 0;
    const failure = withRetry(
      async () => {
        calls += 1;
        throw named('AbortError');
      },
      {
        signal: controller.signal,
        sleep: async () => controller.abort(),
      },
    );
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
  });

  it('reports each retry and honours maxAttempts', async () => {
    const seen: [number, number][] = [];
    const failure = withRetry(
      async () => {
        throw { status: 429 };
      },
      {
        maxAttempts: 2,
        sleep: async () => {},
        random: () => 0,
        onRetry: (_, attempt, delay) => seen.push([attempt, delay]),
      },
    );
    await expect(failure).rejects.toEqual({ status: 429 });
    expect(seen).toEqual([[1, 200]]);
  });
});
