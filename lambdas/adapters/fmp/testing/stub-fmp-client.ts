import { afterEach, expect } from 'vitest';
import { createFmpClient, type FmpClient, type FmpClientOptions } from '../client';
import { ProviderError } from '../provider-error';
import { startStubServer, type StubRoute, type StubServer } from './stub-fmp-server';

/** What the adapter tests drive FMP with: one stub server at a time, closed after each test. */
export interface StubFmp {
  /**
   * A client of a new stub server answering `routes` (the one before closed): retries do not
   * wait and are not logged unless `options` says otherwise.
   */
  client(
    routes: Record<string, StubRoute>,
    options?: Partial<FmpClientOptions>,
  ): Promise<FmpClient>;
  /** The running test's server, for what it was asked. */
  readonly server: StubServer;
}

/** Registers the closing of the stub server after each test of the calling file. */
export function stubFmpPerTest(): StubFmp {
  let current: StubServer | undefined;
  const close = async () => {
    await current?.close();
    current = undefined;
  };
  afterEach(close);
  return {
    async client(routes, options = {}) {
      await close();
      current = await startStubServer(routes);
      return createFmpClient({
        apiKey: async () => 'k',
        baseUrl: current.baseUrl,
        sleep: async () => undefined,
        onRetry: () => undefined,
        ...options,
      });
    },
    get server() {
      if (!current) throw new Error('No stub FMP server runs: call client() first');
      return current;
    },
  };
}

/** A route answering `body` every time. */
export const reply =
  (body: unknown): StubRoute =>
  () => ({ body });

/**
 * A route answering by the `symbol` query parameter, as the stable endpoints take it; a symbol it
 * does not know gets `[]`, as from FMP.
 */
export const bySymbol =
  (answers: Readonly<Record<string, unknown>>): StubRoute =>
  (url) => ({ body: answers[url.searchParams.get('symbol') ?? ''] ?? [] });

/** The ProviderError a call fails with (the test fails when the call succeeds). */
export const providerFailure = (promise: Promise<unknown>): Promise<ProviderError> =>
  promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(ProviderError);
      return error as ProviderError;
    },
  );
