import { readFileSync } from 'node:fs';
import type { StubRoute } from './stub-fmp-server';

/**
 * Test helper: FMP stable-API answers for the fundamentals adapter, built from the documented AAPL
 * samples in ./stable (README.md there names each one's page). Another symbol gets Apple's figures
 * under its own symbol and ISIN. FMP documents one statement of each kind (fiscal 2024); the other
 * periods here are SYNTHETIC, derived from it as described at `annualStatements` and
 * `quarterlyStatements`, so that TTM and trends have the eight quarters and the years they need.
 */

type Row = Readonly<Record<string, unknown>>;

/** A documented answer of ./stable, as FMP sends it. */
export function stableSample(endpoint: string): readonly Row[] {
  const url = new URL(`./stable/${endpoint}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Row[];
}

const first = (endpoint: string): Row => {
  const [row] = stableSample(endpoint);
  if (!row) throw new Error(`./stable/${endpoint}.json holds no row`);
  return row;
};

/** /stable/profile's documented row for `symbol`, with `overrides`. */
export const fmpProfile = (symbol: string, overrides: Record<string, unknown> = {}) => ({
  ...first('profile'),
  symbol,
  ...overrides,
});

export type StatementEndpoint =
  'income-statement' | 'balance-sheet-statement' | 'cash-flow-statement';

/** Per-share and share-count fields: not amounts of the period. */
const PER_SHARE = new Set(['eps', 'epsDiluted']);
const SHARE_COUNTS = new Set(['weightedAverageShsOut', 'weightedAverageShsOutDil']);
/** Cash-flow fields that are positions (opening and closing cash), not flows. */
const CASH_POSITIONS = new Set(['cashAtBeginningOfPeriod', 'cashAtEndOfPeriod']);

/** Share of the fiscal year's flows in each quarter (sums to 1: four quarters make the year). */
const QUARTER_WEIGHTS = { Q1: 0.3, Q2: 0.25, Q3: 0.22, Q4: 0.23 } as const;
type Quarter = keyof typeof QUARTER_WEIGHTS;
const QUARTERS: readonly Quarter[] = ['Q1', 'Q2', 'Q3', 'Q4'];
/** Synthetic period ends: Apple's fiscal year ends in late September. */
const QUARTER_END: Record<Quarter, (fiscalYear: number) => string> = {
  Q1: (y) => `${y - 1}-12-28`,
  Q2: (y) => `${y}-03-28`,
  Q3: (y) => `${y}-06-28`,
  Q4: (y) => `${y}-09-28`,
};

const DOCUMENTED_YEAR = 2024;
/** Years and quarters the stub has, newest first (FMP answers the first `limit` of them). */
export const ANNUAL_PERIODS = 5;
export const QUARTER_PERIODS = 12;

const round = (value: number, decimals = 0) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

function withHeader(row: Row, symbol: string, date: string, fiscalYear: number, period: string) {
  // Filed five weeks after the period end, as a 10-Q or 10-K roughly is.
  const filed = new Date(Date.parse(`${date}T00:00:00Z`) + 35 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    ...row,
    date,
    symbol,
    filingDate: filed,
    acceptedDate: `${filed} 18:01:14`,
    fiscalYear: String(fiscalYear),
    period,
  };
}

/** Every amount of `row` times `factor` (per-share figures too, share counts not). */
function scaled(row: Row, factor: (field: string) => number): Row {
  return Object.fromEntries(
    Object.entries(row).map(([field, value]) => {
      if (typeof value !== 'number' || SHARE_COUNTS.has(field)) return [field, value];
      return [field, round(value * factor(field), PER_SHARE.has(field) ? 2 : 0)];
    }),
  );
}

/**
 * Annual statements of `symbol`, newest first: fiscal 2024 as FMP documents it, verbatim but for
 * the symbol; then SYNTHETIC earlier years, the documented figures scaled down 4% a year (every
 * line alike, so each statement still adds up).
 */
export function annualStatements(endpoint: StatementEndpoint, symbol: string): Row[] {
  const documented = first(endpoint);
  return Array.from({ length: ANNUAL_PERIODS }, (_, i) => {
    const year = DOCUMENTED_YEAR - i;
    if (i === 0) return { ...documented, symbol };
    const row = scaled(documented, () => 1 - 0.04 * i);
    return withHeader(row, symbol, `${year}-09-28`, year, 'FY');
  });
}

/**
 * Quarterly statements of `symbol`, newest first, all SYNTHETIC, each from its fiscal year's
 * statement above: flows split over the quarters by QUARTER_WEIGHTS (so four quarters sum to the
 * year), share counts kept; the balance sheet of Q4 is the year's and earlier quarters' 1% less
 * each; opening and closing cash follow the quarters' net changes from the year's opening cash.
 */
export function quarterlyStatements(endpoint: StatementEndpoint, symbol: string): Row[] {
  const years = annualStatements(endpoint, symbol);
  return Array.from({ length: QUARTER_PERIODS }, (_, i) => {
    const year = DOCUMENTED_YEAR - Math.floor(i / 4);
    const quarter = QUARTERS[3 - (i % 4)] as Quarter;
    const annual = years[DOCUMENTED_YEAR - year] as Row;
    const index = QUARTERS.indexOf(quarter);
    const weight = QUARTER_WEIGHTS[quarter];
    let row: Row;
    if (endpoint === 'balance-sheet-statement') {
      row = scaled(annual, () => 1 - 0.01 * (3 - index));
    } else {
      row = scaled(annual, (field) => (CASH_POSITIONS.has(field) ? 1 : weight));
    }
    if (endpoint === 'cash-flow-statement') {
      const opening = annual['cashAtBeginningOfPeriod'] as number;
      const change = annual['netChangeInCash'] as number;
      const before = QUARTERS.slice(0, index).reduce((sum, q) => sum + QUARTER_WEIGHTS[q], 0);
      row = {
        ...row,
        cashAtBeginningOfPeriod: round(opening + change * before),
        cashAtEndOfPeriod: round(opening + change * (before + weight)),
      };
    }
    return withHeader(row, symbol, QUARTER_END[quarter](year), year, quarter);
  });
}

/** A statement endpoint: `period` annual (the default, as FMP's) or quarter, the first `limit`. */
const statements =
  (endpoint: StatementEndpoint, symbol: string): StubRoute =>
  (url) => {
    const quarterly = url.searchParams.get('period') === 'quarter';
    const limit = Number(url.searchParams.get('limit') ?? 5);
    const rows = quarterly
      ? quarterlyStatements(endpoint, symbol)
      : annualStatements(endpoint, symbol);
    return { body: rows.slice(0, limit) };
  };

/** The documented rows of `endpoint` under `symbol`. */
const documented =
  (endpoint: string, symbol: string): StubRoute =>
  () => ({ body: stableSample(endpoint).map((row) => ({ ...row, symbol })) });

/**
 * Jefferies' downgrade of Apple on 2025-01-21, the one FMP's documented price-target news item
 * reports, as /stable/grades rows read (the documented grades sample is another firm's): so that a
 * grade meets its firm's target of the day.
 */
const newsGrade = (symbol: string) => ({
  symbol,
  date: '2025-01-21',
  gradingCompany: 'Jefferies',
  previousGrade: 'Hold',
  newGrade: 'Underperform',
  action: 'downgrade',
});

/**
 * Daily bars for the asked range: one each weekday, closing at 200 in the 24 months before `to`
 * and at 80 before that, so the 24- and 36-month averages differ.
 */
function dailyBars(symbol: string, url: URL) {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  const recentFrom = `${Number(to.slice(0, 4)) - 2}${to.slice(4)}`;
  const bars = [];
  for (
    let t = Date.parse(`${to}T00:00:00Z`);
    t >= Date.parse(`${from}T00:00:00Z`);
    t -= 86_400_000
  ) {
    const day = new Date(t);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const date = day.toISOString().slice(0, 10);
    const close = date >= recentFrom ? 200 : 80;
    bars.push({ symbol, date, open: close, high: close, low: close, close, volume: 1_000 });
  }
  return bars;
}

/** /stable/historical-price-eod/full: a flat list of bars, each with its change and VWAP. */
export const STABLE_DAILY_PATH = '/stable/historical-price-eod/full';

const stableDaily =
  (symbol: string): StubRoute =>
  (url) => ({
    body: dailyBars(symbol, url).map((bar) => ({
      ...bar,
      change: 0,
      changePercent: 0,
      vwap: bar.close,
    })),
  });

/** Every stable route the fundamentals adapter calls for one company, answering successfully. */
function companyRoutes(symbol: string, isin: string): Record<string, StubRoute> {
  return {
    '/stable/profile': () => ({ body: [fmpProfile(symbol, { isin })] }),
    '/stable/shares-float': documented('shares-float', symbol),
    '/stable/income-statement': statements('income-statement', symbol),
    '/stable/balance-sheet-statement': statements('balance-sheet-statement', symbol),
    '/stable/cash-flow-statement': statements('cash-flow-statement', symbol),
    '/stable/grades-consensus': documented('grades-consensus', symbol),
    '/stable/price-target-consensus': documented('price-target-consensus', symbol),
    '/stable/grades': () => ({
      body: [...stableSample('grades').map((row) => ({ ...row, symbol })), newsGrade(symbol)],
    }),
    '/stable/price-target-news': documented('price-target-news', symbol),
    [STABLE_DAILY_PATH]: stableDaily(symbol),
  };
}

export interface StubCompany {
  readonly symbol: string;
  readonly isin: string;
}

/**
 * The routes of several companies. The stable endpoints take the symbol as a query parameter, so
 * each route dispatches on it (an unknown symbol gets `[]`, as from FMP).
 */
export function companiesRoutes(companies: readonly StubCompany[]): Record<string, StubRoute> {
  const bySymbol = new Map(companies.map((c) => [c.symbol, companyRoutes(c.symbol, c.isin)]));
  const routes: Record<string, StubRoute> = {};
  for (const path of Object.keys(companyRoutes('', ''))) {
    routes[path] = (url, attempt) => {
      const route = bySymbol.get(url.searchParams.get('symbol') ?? '')?.[path];
      return route ? route(url, attempt) : { body: [] };
    };
  }
  return routes;
}
