/**
 * Simulated-market timings (ms): daily bars for ALL (40 years), a 1D 1-minute series, quotes.
 * Figures for `npm run bench`, never assertions in unit tests.
 */
import { MARKET_INDEXES, findMarketIndex } from '../../../core/market/indexes';
import { createSimulatedMarket } from './index';

/** The shape of bench/figures.ts's Figure (this folder may import core/ only). */
export interface SimulatedMarketFigure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly target?: { readonly op: '<=' | '>='; readonly value: number };
}

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

  return {
    'daily ALL (40 y), warm p50': median(dailyAll),
    'daily ALL, warm max': Math.max(...dailyAll),
    'daily ALL, cold (series built)': dailyAllCold,
    '1D 1-min, day built p50': median(oneDayCold),
    '1D 1-min, cached day p50': median(oneDayWarm),
    '5D 5-min, p50': median(fiveDayFiveMinute),
    'quote in session, p50': median(quotes),
    '11 index quotes, fresh market': indexStripCold,
  };
}

const TARGETS: Record<string, number> = {
  'daily ALL (40 y), warm p50': 20,
  '1D 1-min, day built p50': 5,
  '1D 1-min, cached day p50': 5,
};

/** The same figures in bench/run.ts's format, with the targets they are held to. */
export async function benchSimulatedMarketFigures(): Promise<SimulatedMarketFigure[]> {
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
