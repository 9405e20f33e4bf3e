import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { createFmpClient, type FmpClientOptions } from './client';
import { providerFailure, stubFmpPerTest } from './testing/stub-fmp-client';
import { startStubServer, type StubRoute } from './testing/stub-fmp-server';

const API_KEY = 'sekret-key-4711';
const schema = z.array(z.object({ symbol: z.string(), price: z.number() }));
const PATH = '/v3/quote/AAPL';

const fmp = stubFmpPerTest();

async function setup(route: StubRoute, options: Partial<FmpClientOptions> = {}) {
  const delays: number[] = [];
  const retries: string[] = [];
  const client = await fmp.client(
    { [PATH]: route },
    {
      apiKey: async () => API_KEY,
      sleep: async (ms) => void delays.push(ms),
      random: () => 0,
      onRetry: (error) => void retries.push(error.message),
      ...options,
    },
  );
  return { client, delays, retries, attempts: () => fmp.server.count(PATH) };
}

const ok = { body: [{ symbol: 'AAPL', price: 190.5, name: 'Apple Inc.', exchange: 'NASDAQ' }] };

describe('FMP client', () => {
  it('sends the API key and the query, and returns the validated body (extra fields dropped)', async () => {
    const { client, attempts } = await setup(() => ok);
    const data = await client.get(PATH, { from: '2024-01-02', limit: 5, skip: undefined }, schema);
    expect(data).toEqual([{ symbol: 'AAPL', price: 190.5 }]);
    expect(attempts()).toBe(1);
    const url = fmp.server.requests[0]!;
    expect(url.searchParams.get('apikey')).toBe(API_KEY);
    expect(url.searchParams.get('from')).toBe('2024-01-02');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.has('skip')).toBe(false);
  });

  it('retries a 429 and succeeds, waiting per SPEC §9 (2^1 × 100 ms + jitter)', async () => {
    const { client, attempts, delays } = await setup((_url, n) =>
      n === 1 ? { status: 429, body: { message: 'Limit Reach' } } : ok,
    );
    await expect(client.get(PATH, {}, schema)).resolves.toHaveLength(1);
    expect(attempts()).toBe(2);
    expect(delays).toEqual([200]);
  });

  it.each([500, 502, 503, 504])('retries HTTP %i', async (status) => {
    const { client, attempts } = await setup((_url, n) => (n < 3 ? { status } : ok));
    await expect(client.get(PATH, {}, schema)).resolves.toHaveLength(1);
    expect(attempts()).toBe(3);
  });

  it('gives up after 3 attempts when the provider keeps failing with 500', async () => {
    const { client, attempts, delays } = await setup(() => ({ status: 500, body: 'oops' }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error).toMatchObject({ kind: 'http', status: 500, retryable: true, path: PATH });
    expect(attempts()).toBe(3);
    expect(delays).toEqual([200, 400]);
  });

  it.each([400, 401, 403, 404])('does not retry HTTP %i', async (status) => {
    const { client, attempts, delays } = await setup(() => ({ status, body: {} }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error).toMatchObject({ kind: 'http', status, retryable: false });
    expect(error.notFound).toBe(status === 404);
    expect(attempts()).toBe(1);
    expect(delays).toEqual([]);
  });

  it('fails at once with a ProviderError on malformed JSON', async () => {
    const { client, attempts } = await setup(() => ({ body: '[{"symbol": "AAPL", "pri' }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('malformed');
    expect(attempts()).toBe(1);
  });

  it.each([
    ['missing', [{ symbol: 'AAPL' }]],
    ['of the wrong type', [{ symbol: 'AAPL', price: '190.5' }]],
  ])('fails at once when a field we use is %s', async (_case, body) => {
    const { client, attempts } = await setup(() => ({ body }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('0.price');
    expect(attempts()).toBe(1);
  });

  it('reports FMP\'s {"Error Message"} answers without retrying or leaking the key', async () => {
    const { client, attempts } = await setup(() => ({
      body: { 'Error Message': `Invalid API KEY ${API_KEY}. Please retry.` },
    }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('Invalid API KEY');
    expect(error.message).not.toContain(API_KEY);
    expect(attempts()).toBe(1);
  });

  it('times out a slow attempt and retries it', async () => {
    const { client, attempts } = await setup(
      (_url, n) => (n === 1 ? { ...ok, delayMs: 2_000 } : ok),
      { attemptTimeoutMs: 50 },
    );
    await expect(client.get(PATH, {}, schema)).resolves.toHaveLength(1);
    expect(attempts()).toBe(2);
  });

  it('fails with a time-out after 3 slow attempts', async () => {
    const { client, attempts } = await setup(() => ({ ...ok, delayMs: 2_000 }), {
      attemptTimeoutMs: 50,
    });
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(attempts()).toBe(3);
  });

  it('times out an attempt whose body stops arriving, and retries it', async () => {
    const { client, attempts } = await setup((_url, n) => (n === 1 ? { ...ok, stall: true } : ok), {
      attemptTimeoutMs: 50,
    });
    await expect(client.get(PATH, {}, schema)).resolves.toHaveLength(1);
    expect(attempts()).toBe(2);
  });

  it('retries network errors (connection refused), 3 attempts in all', async () => {
    // A port that was just listening and is now closed refuses connections.
    const closed = await startStubServer({});
    const deadUrl = closed.baseUrl;
    await closed.close();
    const fetchSpy = vi.fn(globalThis.fetch);
    const client = createFmpClient({
      apiKey: async () => API_KEY,
      baseUrl: deadUrl,
      fetch: fetchSpy,
      sleep: async () => undefined,
      onRetry: () => undefined,
    });
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error).toMatchObject({ kind: 'network', retryable: true });
    expect(error.message).toContain('ECONNREFUSED');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('never puts the API key in errors or retry logs', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { client, retries } = await setup(() => ({ status: 503 }), { onRetry: undefined });
      const error = await providerFailure(client.get(PATH, {}, schema));
      const logged = warn.mock.calls.flat().map(String);
      expect(logged).toHaveLength(2);
      for (const text of [error.message, error.stack ?? '', ...retries, ...logged]) {
        expect(text).not.toContain(API_KEY);
      }
    } finally {
      warn.mockRestore();
    }
  });

  it('rejects a path that does not start with /', async () => {
    const { client } = await setup(() => ok);
    await expect(client.get('v3/quote/AAPL', {}, schema)).rejects.toThrow(TypeError);
  });
});
