import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFmpMarketCalendar } from '../../lambdas/adapters/fmp/calendar';
import { createFmpClient, type FmpClient } from '../../lambdas/adapters/fmp/client';
import { createFmpFundamentals } from '../../lambdas/adapters/fmp/fundamentals';
import { createFmpMarketData } from '../../lambdas/adapters/fmp/market-data';
import { stableFixture } from '../../lambdas/adapters/fmp/testing/stable-fixtures';
import { companiesRoutes } from '../../lambdas/adapters/fmp/testing/stub-fmp-fixtures';
import {
  startStubServer,
  type StubServer,
} from '../../lambdas/adapters/fmp/testing/stub-fmp-server';
import { repoFiles } from './repo-paths';

/**
 * FMP answers its legacy API (/api/v3, /api/v4) with 403 "Legacy Endpoint" for every key sold
 * since 2025-08-31 (issue 29): the product speaks its stable API only. Two checks keep it so: no
 * source holds a legacy path, and the adapters, run, ask FMP for /stable/ paths alone, the symbol
 * in the query.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where the product's code lives (tests and their data aside). */
const SOURCE_DIRS = ['lambdas', 'infra', 'core', 'bin', 'web/src'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEST = /\.test\./;

/** A legacy FMP path in a string: '/v3/…', '/api/v4/…' (any quote), or the legacy root. */
const LEGACY_PATH = /['"`]\/(api\/)?v[34]\//;
const LEGACY_ROOT = /financialmodelingprep\.com\/api\b/;

/** Lines of `source` holding a legacy FMP path, as "file:line: text". */
function legacyPathsIn(file: string, source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, i) =>
      LEGACY_PATH.test(line) || LEGACY_ROOT.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

describe('no FMP legacy path in the sources', () => {
  it('recognises the ways a legacy path gets written', () => {
    const source = [
      "client.get('/v3/quote/AAPL', {}, schema);",
      'client.get(`/v3/historical-chart/${interval}/${symbol}`, {}, schema);',
      'client.get("/v4/shares_float", { symbol }, schema);',
      "const url = 'https://financialmodelingprep.com/api/v3/profile/AAPL';",
      "export const FMP_BASE_URL = 'https://financialmodelingprep.com/api';",
      "client.get('/stable/quote', { symbol }, schema);",
      "const root = 'https://financialmodelingprep.com';",
      '// FMP retired /api/v3 and /api/v4 for keys sold since 2025-08-31.',
    ].join('\n');
    expect(legacyPathsIn('x.ts', source).map((hit) => hit.split(':')[1])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('finds none in lambdas/, infra/, core/, bin/ and web/src (tests aside)', () => {
    const files = SOURCE_DIRS.flatMap((dir) => repoFiles(root, dir)).filter(
      (file) => SOURCE.test(file) && !TEST.test(file) && !file.includes('node_modules/'),
    );
    // Hundreds of sources: finding few means the walk broke, not that they are clean.
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) =>
      legacyPathsIn(file, readFileSync(join(root, file), 'utf8')),
    );
    expect(found, 'call FMP through its stable API: /stable/…, the symbol in the query').toEqual(
      [],
    );
  });
});

describe('the FMP adapters ask for stable paths only', () => {
  const SYMBOLS = ['AAPL', 'MSFT'];
  let server: StubServer;
  /** Every path an adapter passed to the client, refused or not. */
  const asked: string[] = [];
  let client: FmpClient;

  beforeAll(async () => {
    const list = (name: Parameters<typeof stableFixture>[0]) => () => ({
      body: stableFixture(name),
    });
    server = await startStubServer({
      ...companiesRoutes(SYMBOLS.map((symbol) => ({ symbol, isin: 'US0378331005' }))),
      '/stable/quote': list('quote'),
      '/stable/batch-quote': list('batch-quote'),
      '/stable/historical-chart/1min': list('historical-chart-1min'),
      '/stable/historical-chart/5min': list('historical-chart-5min'),
      '/stable/historical-price-eod/full': list('historical-price-eod-full'),
      '/stable/batch-forex-quotes': list('batch-forex-quotes'),
      '/stable/earnings-calendar': list('earnings-calendar'),
      '/stable/dividends-calendar': list('dividends-calendar'),
      '/stable/splits-calendar': list('splits-calendar'),
      '/stable/earnings': list('earnings'),
      '/stable/dividends': list('dividends'),
      '/stable/splits': list('splits'),
    });
    const real = createFmpClient({
      apiKey: async () => 'k',
      baseUrl: server.baseUrl,
      sleep: async () => undefined,
      onRetry: () => undefined,
    });
    client = {
      get(path, query, schema) {
        asked.push(path);
        return real.get(path, query, schema);
      },
    };
  });
  afterAll(() => server.close());

  const instrument = { symbol: 'AAPL', exchangeShortName: 'NASDAQ' };
  const now = new Date('2025-02-04T21:00:00Z');
  const from = new Date('2025-02-04T14:30:00Z');

  it('market data: quotes, bars and forex rates', async () => {
    const md = createFmpMarketData(client);
    await md.quote(instrument, now);
    await md.quotes(
      SYMBOLS.map((symbol) => ({ ...instrument, symbol })),
      now,
    );
    await md.intraday(instrument, '1min', from, now);
    await md.intraday(instrument, '5min', from, now);
    await md.daily(instrument, new Date('2022-02-01T00:00:00Z'), now);
    await md.fxRates(now);
    expect(asked.length).toBeGreaterThanOrEqual(6);
  });

  it('calendar: market-wide and per symbol', async () => {
    const calendar = createFmpMarketCalendar(client);
    await calendar.events({ from: '2024-11-01', to: '2025-02-05' });
    await calendar.events({ from: '2025-01-01', to: '2025-12-31' }, ['AAPL']);
  });

  it('fundamentals, through its public factory', async () => {
    const before = asked.length;
    // Whether it completes depends on its fixtures; the paths it asks for are what is checked.
    await createFmpFundamentals(client, { clock: () => now })
      .company('AAPL')
      .catch(() => undefined);
    expect(asked.length).toBeGreaterThan(before);
  });

  it('every path asked for is a stable one, without a symbol in it', () => {
    const legacy = asked.filter((path) => !path.startsWith('/stable/'));
    expect([...new Set(legacy)]).toEqual([]);
    const withSymbol = asked.filter((path) => SYMBOLS.some((symbol) => path.includes(symbol)));
    expect([...new Set(withSymbol)]).toEqual([]);
    expect(server.requests.every((url) => url.pathname.startsWith('/stable/'))).toBe(true);
  });
});
