/**
 * Simulated-market timings (ms): daily bars for ALL (40 years), a 1D 1-minute series, quotes, and
 * a quote of every company of a demo-sized universe (what the screener and movers ask for).
 * Figures for `npm run bench`, never assertions in unit tests.
 */
import { EXCHANGES } from '../core/market/exchanges';
import { MARKET_INDEXES, findMarketIndex } from '../core/market/indexes';
import type { MarketInstrument } from '../core/market/types';
import { dateOfDayNumber, dayNumberOf } from '../infra/local/market/calendar';
import { createSimulatedMarket } from '../infra/local/market/index';
import { createRng } from '../infra/local/market/random';
import type { Figure } from './figures';

// A fixed Wednesday evening after the New York close: every day in reach is complete.
const NOW = new Date('2025-06-11T20:30:00Z');
const EVER = new Date('1900-01-01T00:00:00Z');
const DAY_MS = 86_400_000;

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** As many instruments as the demo universe has companies. */
export const UNIVERSE_SIZE = 2_000;
// A fixed Wednesday evening after every exchange's close, and a moment when the US and European
// sessions run (those quotes also build the running day's 1-minute bars).
const UNIVERSE_NOW = new Date('2026-11-18T22:00:00Z');
const UNIVERSE_IN_SESSION = new Date('2026-11-18T15:00:00Z');

/**
 * Instruments like the demo companies' (infra/local/demo may not be imported from here): IPOs
 * 1985–2022, volatility 0.15–0.7, every exchange; from a fixed seed, so every run prices the same.
 */
export function benchUniverse(count = UNIVERSE_SIZE): MarketInstrument[] {
  const rng = createRng('simulated-market-bench-universe');
  const first = dayNumberOf('1985-01-01');
  const last = dayNumberOf('2022-12-31');
  return Array.from({ length: count }, (_, i) => {
    const exchange = EXCHANGES[Math.floor(rng.next() * EXCHANGES.length)]!;
    return {
      symbol: `BU${String(i).padStart(4, '0')}`,
      exchangeShortName: exchange.shortName,
      ipoDate: dateOfDayNumber(first + Math.floor(rng.next() * (last - first + 1))),
      anchorPrice: Math.round(Math.exp(Math.log(5) + rng.next() * Math.log(160)) * 100) / 100,
      annualVolatility: Math.round((0.15 + 0.55 * rng.next()) * 1000) / 1000,
      annualDrift: Math.round((-0.05 + 0.2 * rng.next()) * 1000) / 1000,
      averageDailyVolume: Math.round(Math.exp(Math.log(1e4) + rng.next() * Math.log(1e3))),
    };
  });
}

/** A quote of every instrument of the universe at `now`: cold on a fresh market, then warm. */
function benchUniverseQuotes(universe: readonly MarketInstrument[], now: Date) {
  const market = createSimulatedMarket();
  const pass = () => {
    for (const instrument of universe) market.quote(instrument, now);
  };
  const cold = time(pass);
  const warm = time(pass);
  return { cold, warm };
}

export async function benchSimulatedMarket(): Promise<Record<string, number>> {
  const market = createSimulatedMarket();
  const nasdaq = market.instrumentForIndex(findMarketIndex('^IXIC')!);

  const dailyAllCold = time(() => market.daily(nasdaq, EVER, NOW, NOW));
  for (let i = 0; i < 20; i += 1) market.daily(nasdaq, EVER, NOW, NOW); // let the JIT settle
  const dailyAll = Array.from({ length: 50 }, () =>
    time(() => market.daily(nasdaq, EVER, NOW, NOW)),
  );

  // Each of the last 60 days once: every call builds that day's 1-minute bars afresh.
  const days = Array.from({ length: 60 }, (_, k) => new Date(+NOW - (k + 1) * DAY_MS));
  const oneDayCold = days.map((d) => time(() => market.intraday(nasdaq, '1min', d, d, NOW)));
  const today = new Date(+NOW);
  market.intraday(nasdaq, '1min', today, today, NOW);
  const oneDayWarm = Array.from({ length: 100 }, () =>
    time(() => market.intraday(nasdaq, '1min', today, today, NOW)),
  );
  const fiveDays = new Date(+NOW - 7 * DAY_MS);
  const fiveDayFiveMinute = Array.from({ length: 50 }, () =>
    time(() => market.intraday(nasdaq, '5min', fiveDays, today, NOW)),
  );

  // A quote per minute across a session (each reads that minute's partial day).
  const sessionOpen = Date.parse('2025-06-11T13:30:00Z');
  const quotes = Array.from({ length: 390 }, (_, m) =>
    time(() => market.quote(nasdaq, new Date(sessionOpen + m * 60_000))),
  );

  // The home page's index strip on a fresh market: 11 series built from nothing.
  const fresh = createSimulatedMarket();
  const indexStripCold = time(() => {
    for (const index of MARKET_INDEXES) fresh.quote(fresh.instrumentForIndex(index), NOW);
  });

  const universe = benchUniverse();
  const afterClose = benchUniverseQuotes(universe, UNIVERSE_NOW);
  const inSession = benchUniverseQuotes(universe, UNIVERSE_IN_SESSION);

  return {
    'daily ALL (40 y), warm p50': median(dailyAll),
    'daily ALL, warm max': Math.max(...dailyAll),
    'daily ALL, cold (series built)': dailyAllCold,
    '1D 1-min, day built p50': median(oneDayCold),
    '1D 1-min, cached day p50': median(oneDayWarm),
    '5D 5-min, p50': median(fiveDayFiveMinute),
    'quote in session, p50': median(quotes),
    '11 index quotes, fresh market': indexStripCold,
    '2,000 quotes after the close, cold': afterClose.cold,
    '2,000 quotes after the close, warm': afterClose.warm,
    '2,000 quotes in session, cold': inSession.cold,
    '2,000 quotes in session, warm': inSession.warm,
  };
}

const TARGETS: Record<string, number> = {
  'daily ALL (40 y), warm p50': 20,
  '1D 1-min, day built p50': 5,
  '1D 1-min, cached day p50': 5,
  '2,000 quotes after the close, cold': 2_000,
  '2,000 quotes after the close, warm': 50,
  '2,000 quotes in session, warm': 50,
};

/** The same figures in bench/run.ts's format, with the targets they are held to. */
export async function benchSimulatedMarketFigures(): Promise<Figure[]> {
  const figures = await benchSimulatedMarket();
  return Object.entries(figures).map(([name, value]) => {
    const target = TARGETS[name];
    return {
      name,
      value,
      unit: 'ms',
      ...(target === undefined ? {} : { target: { op: '<=' as const, value: target } }),
    };
  });
}
