import type { APIGatewayProxyEvent } from 'aws-lambda';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import type { ApiHandler } from '../../lambdas/shared/dispatch';
import { createAssetApi } from '../../lambdas/asset/app';
import { ASSET_API } from '../../core/api/asset';
import { routesOf } from '../../core/api/contract';

const ASSET_ROUTES = routesOf(ASSET_API);
import { AssetService } from '../../lambdas/asset/service';

const RUNS_PER_ROUTE = 1_000;
let api: ApiHandler;
let symbols: string[];

beforeAll(() => {
  const universe = generateUniverse({ count: 12, anchor: FIXED_DEMO_ANCHOR });
  symbols = universe.map((c) => c.profile.symbol);
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );
  api = createAssetApi({ service, demo: true, clock: () => new Date('2026-11-18T15:00:00Z') });
});

/**
 * Names Object.prototype answers to. API Gateway passes them as own properties of
 * queryStringParameters (its event is JSON, and JSON.parse makes "__proto__" an own key).
 */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

/** Symbols a caller might send: real ones, index symbols, junk, encodings, huge strings. */
const symbolArb = () =>
  fc.oneof(
    fc.constantFrom(...symbols),
    fc.constantFrom('^IXIC', '^GSPC', '000001.SS', '^TASI.SR', 'NOPE', 'brk-b', ''),
    fc.string({ maxLength: 30 }),
    fc.stringMatching(/^[A-Z0-9.^-]{1,25}$/),
  );

const queryValue = () =>
  fc.oneof(
    fc.constantFrom('annual', 'quarter', 'true', '1min', '5min', '8', '0', '-1', '41', '1e3', ''),
    fc.constantFrom('2026-11-18', '1899-12-31', '2026-02-30', '3000-01-01', '2020-1-1'),
    fc.integer({ min: -10, max: 100_000 }).map(String),
    fc.double({ noNaN: false }).map(String),
    fc.string({ maxLength: 20 }),
  );

const queryKey = () =>
  fc.oneof(
    fc.constantFrom(
      'period',
      'limit',
      'day',
      'from',
      'all',
      'symbol',
      'sort',
      'query',
      'sector',
      'industry',
      'country',
      'exchange',
      'marketCapMoreThan',
      'priceLowerThan',
      'betaMoreThan',
      'volumeLowerThan',
      'dividendMoreThan',
      'bogus',
      ...PROTOTYPE_KEYS,
    ),
    fc.string({ maxLength: 12 }),
  );

const queryArb = () =>
  fc.option(fc.dictionary(queryKey(), queryValue(), { maxKeys: 5 }), { nil: null });

function event(
  resource: string,
  pathParameters: Record<string, string> | null,
  query: Record<string, string> | null,
): APIGatewayProxyEvent {
  return {
    resource,
    path: resource,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    pathParameters,
    queryStringParameters: query,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {} as APIGatewayProxyEvent['requestContext'],
  };
}

describe('asset API under generated requests (never a 5xx)', () => {
  for (const route of ASSET_ROUTES) {
    it(`${route.method} ${route.resource}: ${RUNS_PER_ROUTE} requests, every answer 2xx/304/4xx JSON`, async () => {
      const hasSymbol = route.resource.includes('{symbol}');
      await fc.assert(
        fc.asyncProperty(symbolArb(), queryArb(), async (symbol, query) => {
          const response = await api(event(route.resource, hasSymbol ? { symbol } : null, query));
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode !== 304) {
            const body = JSON.parse(response.body) as { data?: unknown; message?: unknown };
            if (response.statusCode >= 400) expect(typeof body.message).toBe('string');
            else expect(Array.isArray(body.data)).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }, 120_000);
  }
});

describe('asset API with query keys named like Object.prototype members (400 or ignored, never 5xx)', () => {
  for (const route of ASSET_ROUTES) {
    it(`${route.method} ${route.resource}`, async () => {
      const hasSymbol = route.resource.includes('{symbol}');
      const base: Record<string, string> =
        route.resource === '/stocks/shares' ? { symbol: symbols[0]! } : {};
      for (const key of PROTOTYPE_KEYS) {
        const query = { ...base, ...(JSON.parse(`{"${key}": "1"}`) as Record<string, string>) };
        expect(Object.hasOwn(query, key)).toBe(true);
        const response = await api(
          event(route.resource, hasSymbol ? { symbol: symbols[0]! } : null, query),
        );
        expect([200, 400], `${key}: ${response.body}`).toContain(response.statusCode);
        const body = JSON.parse(response.body) as { message?: unknown };
        if (response.statusCode === 400) expect(body.message, key).toMatch(new RegExp(key));
      }
    });
  }

  it('answers such names as symbols with 400 or 404', async () => {
    for (const symbol of PROTOTYPE_KEYS) {
      const response = await api(event('/stocks/profile/{symbol}', { symbol }, null));
      expect([400, 404], symbol).toContain(response.statusCode);
    }
  });
});
