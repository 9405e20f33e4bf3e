import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  companiesRoutes,
  type StubCompany,
} from '../../lambdas/adapters/fmp/testing/stub-fmp-fixtures';

/**
 * A stand-in for Financial Modeling Prep's stable API, for tests and for operators trying the
 * local real-data mode without a key: it answers /stable/<endpoint> from the fixture files of
 * lambdas/adapters/fmp/testing/stable (whatever files are there), and everything else as FMP
 * answers a key sold since 2025-08-31: 403 with its legacy-endpoint words.
 */

/** The stable fixtures, one JSON file per endpoint. */
export const STABLE_FIXTURES_DIR = fileURLToPath(
  new URL('../../lambdas/adapters/fmp/testing/stable/', import.meta.url),
);

/** FMP's answer to a legacy (/api/v3, /api/v4) call by a key sold since 2025-08-31. */
export const FMP_LEGACY_MESSAGE =
  'Legacy Endpoint : Due to Legacy endpoints being no longer supported - This endpoint is only available for legacy users who have valid subscriptions prior August 31, 2025. Please visit our pricing page for more information: https://site.financialmodelingprep.com/pricing-plans';

/** FMP's answer to a call without a key (or with a wrong one). */
export const FMP_INVALID_KEY_MESSAGE =
  'Invalid API KEY. Feel free to create a Free API Key or visit https://site.financialmodelingprep.com/faqs?search=why-is-my-api-key-invalid for more information.';

export interface FakeFmpOptions {
  /** Where the fixtures are (default STABLE_FIXTURES_DIR). */
  readonly fixturesDir?: string;
  /**
   * Companies answered as the adapter tests' stub FMP answers them (stub-fmp-fixtures.ts): the
   * documented statements with the earlier years and the quarters TTM needs derived from them, and
   * daily bars for any range. By default AAPL with the ISIN of the documented profile; [] serves
   * the fixture files alone.
   */
  readonly companies?: readonly StubCompany[];
  /** 0 (default) picks a free port. */
  readonly port?: number;
}

export interface FakeFmp {
  /** The root to give the client (FMP_BASE_URL), e.g. http://127.0.0.1:41234. */
  readonly baseUrl: string;
  /** Every request received, in order (the API key included: it is a test's). */
  readonly requests: readonly URL[];
  /** The endpoints it can answer: the fixture files' names. */
  readonly endpoints: readonly string[];
  close(): Promise<void>;
}

/**
 * '/stable/historical-price-eod/full' → 'historical-price-eod-full': the fixtures are named after
 * the endpoint's path under /stable/, its slashes made dashes.
 */
export const fixtureName = (pathname: string): string =>
  pathname.slice('/stable/'.length).replace(/\/+$/, '').replaceAll('/', '-');

/**
 * What FMP would answer for this query from a whole fixture: rows of other symbols than those asked
 * (`symbol`, or `symbols` of the batch endpoints) dropped, so an unknown symbol gets `[]` as from
 * FMP; statements of the other period dropped (`period`: annual is FY); at most `limit` rows.
 */
export function answerFor(fixture: unknown, query: URLSearchParams): unknown {
  if (!Array.isArray(fixture)) return fixture;
  let rows = fixture as Record<string, unknown>[];
  const asked = (query.get('symbols') ?? query.get('symbol'))
    ?.split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  if (asked?.length) {
    rows = rows.filter(
      (row) => typeof row.symbol !== 'string' || asked.includes(row.symbol.toUpperCase()),
    );
  }
  const period = query.get('period');
  if (period === 'annual' || period === 'quarter') {
    rows = rows.filter(
      (row) => typeof row.period !== 'string' || (row.period === 'FY') === (period === 'annual'),
    );
  }
  const limit = Number(query.get('limit'));
  return Number.isInteger(limit) && limit > 0 ? rows.slice(0, limit) : rows;
}

/**
 * Intraday bars for the days asked: FMP documents a single bar, so each weekday from `from` to `to`
 * gets a session of them, 09:30 to 15:59 exchange time every `interval`, each with the documented
 * bar's prices and volume. The charts of any day then have a session to draw, as from FMP.
 */
export function sessionBars(fixture: unknown, query: URLSearchParams, interval: string): unknown {
  const [sample] = Array.isArray(fixture) ? (fixture as Record<string, unknown>[]) : [];
  const from = query.get('from');
  const to = query.get('to') ?? from;
  const step = Number.parseInt(interval, 10);
  if (!sample || !from || !to || !(step > 0)) return fixture;
  const bars: Record<string, unknown>[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`);) {
    const date = new Date(day);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) {
      for (let minute = 9 * 60 + 30; minute < 16 * 60; minute += step) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
        bars.push({ ...sample, date: `${date.toISOString().slice(0, 10)} ${time}` });
      }
    }
    day += 86_400_000;
  }
  return bars.reverse(); // newest first, as FMP answers
}

async function documentedAapl(dir: string): Promise<StubCompany[]> {
  const file = join(dir, 'profile.json');
  const [profile] = JSON.parse(await readFile(file, 'utf8').catch(() => '[]')) as {
    symbol?: string;
    isin?: string;
  }[];
  return profile?.symbol && profile.isin ? [{ symbol: profile.symbol, isin: profile.isin }] : [];
}

export async function startFakeFmp(options: FakeFmpOptions = {}): Promise<FakeFmp> {
  const dir = options.fixturesDir ?? STABLE_FIXTURES_DIR;
  const companies = options.companies ?? (await documentedAapl(dir));
  const routes = companies.length > 0 ? companiesRoutes(companies) : {};
  const endpoints = (await readdir(dir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
  const requests: URL[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    if (!url.searchParams.get('apikey')) {
      return send(res, 401, { 'Error Message': FMP_INVALID_KEY_MESSAGE });
    }
    if (!url.pathname.startsWith('/stable/')) {
      return send(res, 403, { 'Error Message': FMP_LEGACY_MESSAGE });
    }
    const route = routes[url.pathname];
    if (route) {
      const reply = route(url, 1);
      return send(res, reply.status ?? 200, reply.body ?? []);
    }
    const name = fixtureName(url.pathname);
    if (!endpoints.includes(name)) {
      // Not a refusal: the fake has no answer of FMP's for it (no fixture yet).
      return send(res, 404, { 'Error Message': `No fixture for ${url.pathname} (${name}.json)` });
    }
    const fixture: unknown = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8'));
    const answer = answerFor(fixture, url.searchParams);
    const interval = /^\/stable\/historical-chart\/(\w+)$/.exec(url.pathname)?.[1];
    return send(res, 200, interval ? sessionBars(answer, url.searchParams, interval) : answer);
  };

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    endpoints,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
