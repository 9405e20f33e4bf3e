import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  createFmpClient,
  FMP_BASE_URL,
  FMP_ERROR_BODY_BYTES,
  type FmpClientOptions,
} from './client';
import { planRefusal, refusalWords, type PlanRefusalName } from './testing/stable-fixtures';
import { providerFailure, stubFmpPerTest } from './testing/stub-fmp-client';
import { startStubServer, type StubRoute } from './testing/stub-fmp-server';

const API_KEY = 'sekret-key-4711';
const schema = z.array(z.object({ symbol: z.string(), price: z.number() }));
const PATH = '/stable/quote';

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
    const data = await client.get(PATH, { symbol: 'AAPL', limit: 5, skip: undefined }, schema);
    expect(data).toEqual([{ symbol: 'AAPL', price: 190.5 }]);
    expect(attempts()).toBe(1);
    const url = fmp.server.requests[0]!;
    expect(url.pathname).toBe(PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      symbol: 'AAPL',
      limit: '5',
      apikey: API_KEY,
    });
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

  it.each([400, 404, 410])('does not retry HTTP %i', async (status) => {
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

  it('rejects a path outside /stable/ as a programming error, asking nothing', async () => {
    const { client } = await setup(() => ok);
    for (const path of [
      '/api/v3/quote/AAPL',
      '/v3/quote/AAPL',
      '/v4/shares_float',
      'stable/quote',
    ]) {
      await expect(client.get(path, {}, schema)).rejects.toThrow(TypeError);
    }
    expect(fmp.server.requests).toHaveLength(0);
  });

  it('has the stable API’s root, not the legacy /api', () => {
    expect(FMP_BASE_URL).toBe('https://financialmodelingprep.com');
  });
});

describe('FMP client: refusals by the key’s plan', () => {
  it.each<[string, PlanRefusalName]>([
    ['a 403 with the legacy-endpoint words', 'legacy'],
    ['a 402 "Premium Query Parameter" in plain text', 'premiumParameter'],
    ['a 402 "Restricted Endpoint"', 'restricted'],
    ['a 200 whose {"Error Message"} says "Exclusive Endpoint"', 'exclusive'],
  ])(
    'reads %s as kind plan, not retried, quoting the path and FMP’s words',
    async (_case, name) => {
      const { client, attempts, delays } = await setup(() => planRefusal(name));
      const error = await providerFailure(client.get(PATH, { symbol: 'AAPL' }, schema));
      expect(error).toMatchObject({ kind: 'plan', retryable: false, path: PATH });
      expect(error.refusedByPlan).toBe(true);
      expect(error.notFound).toBe(false);
      expect(error.message).toContain(PATH);
      expect(error.message).toContain(refusalWords(name));
      expect(attempts()).toBe(1);
      expect(delays).toEqual([]);
    },
  );

  it.each([401, 402, 403])(
    'reads HTTP %i as the plan’s refusal, whatever the body',
    async (status) => {
      const { client, attempts } = await setup(() => ({ status, body: '' }));
      const error = await providerFailure(client.get(PATH, {}, schema));
      expect(error).toMatchObject({ kind: 'plan', status, retryable: false });
      expect(error.message).toContain(`HTTP ${status}`);
      expect(attempts()).toBe(1);
    },
  );

  it('reads a plain-text 200 refusal as the plan’s, not as malformed JSON', async () => {
    const { client } = await setup(() => ({ body: refusalWords('premiumParameter') }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('plan');
    expect(error.message).toContain("'Special Endpoint");
  });

  it('reads FMP’s words over a status that would otherwise say "not found"', async () => {
    const { client } = await setup(() => ({ ...planRefusal('restricted'), status: 404 }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('plan');
    // Callers turn "not found" into an empty answer; a refusal must never become one.
    expect(error.notFound).toBe(false);
  });

  it('keeps an exhausted quota ("Limit Reach … upgrade your plan") a retried 429', async () => {
    const { client, attempts } = await setup((_url, n) => (n === 1 ? planRefusal('quota') : ok));
    await expect(client.get(PATH, {}, schema)).resolves.toHaveLength(1);
    expect(attempts()).toBe(2);
  });

  it('never puts the API key in a refusal’s message', async () => {
    const { client } = await setup(() => ({
      status: 403,
      body: { 'Error Message': `Legacy Endpoint : not for key ${API_KEY}` },
    }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error.kind).toBe('plan');
    expect(error.message).toContain('Legacy Endpoint');
    expect(error.message).not.toContain(API_KEY);
  });

  it(`reads no more than ${FMP_ERROR_BODY_BYTES} bytes of a failed answer`, async () => {
    const { client } = await setup(() => ({ status: 400, body: `Bad ${'x'.repeat(1_000_000)}` }));
    const error = await providerFailure(client.get(PATH, {}, schema));
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(error.message).toContain('HTTP 400: Bad xxx');
    expect(error.message.length).toBeLessThan(FMP_ERROR_BODY_BYTES);
  });
});

describe('FMP client: transport', () => {
  it('times out a slow attempt and retries it', async () => {
    const { client, attempts } = await setup(
      // Slack for a loaded machine: the quick second answer must come within the time-out.
      (_url, n) => (n === 1 ? { ...ok, delayMs: 5_000 } : ok),
      { attemptTimeoutMs: 500 },
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
});

describe('FMP client: the per-minute limit', () => {
  it('starts no more calls in a minute than the limit; the next waits for the window', async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const client = createFmpClient({
        apiKey: async () => API_KEY,
        callsPerMinute: 2,
        fetch: async (input) => {
          sent.push(new URL(String(input)).searchParams.get('symbol')!);
          return new Response(JSON.stringify([{ symbol: 'X', price: 1 }]));
        },
      });
      const answers = ['A', 'B', 'C'].map((symbol) => client.get(PATH, { symbol }, schema));
      await vi.advanceTimersByTimeAsync(59_000);
      expect(sent).toEqual(['A', 'B']);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(sent).toEqual(['A', 'B', 'C']);
      await expect(Promise.all(answers)).resolves.toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
