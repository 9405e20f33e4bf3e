import { CURRENCIES } from '../core/market/fx';
import { toQueryNumber } from '../core/market/query-params';
import {
  SCREEN_RANGE_KEYS,
  SCREEN_SORT_FIELDS,
  SCREENABLE_SHARIAH_STANDARDS,
} from '../core/market/stock-screen';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../infra/local/demo/universe';
import { DEFAULT_DEMO_COUNT, toCompanyData } from '../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../lambdas/adapters/testing/memory/stocks-repository';
import { simulatedMarketData } from '../infra/local/market/market-data';
import { createAssetApi } from '../lambdas/asset/app';
import { AssetService } from '../lambdas/asset/service';
import { percentile, type Figure } from './figures';
import { getEvent } from '../test/support/api-event';

const REQUESTS = 400;

/** A deterministic generator, so every run times the same screens. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** Magnitudes to draw bounds around, by filter (in USD for caps and prices). */
const SCALE: Record<string, number> = {
  marketCap: 5e9,
  price: 50,
  pe: 20,
  pb: 2,
  dividendYield: 2,
  roe: 12,
  debtToEquity: 0.8,
  beta: 1,
  volume: 100_000,
};

function randomScreen(random: () => number): Record<string, string> {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const query: Record<string, string> = {
    currency: pick(CURRENCIES),
    sort: pick(SCREEN_SORT_FIELDS),
    order: random() < 0.5 ? 'asc' : 'desc',
    limit: '25',
  };
  for (let n = Math.floor(random() * 4); n > 0; n -= 1) {
    const key = pick(SCREEN_RANGE_KEYS);
    query[`${key}${random() < 0.5 ? 'Min' : 'Max'}`] = toQueryNumber(
      Math.round(SCALE[key]! * random() * 2 * 100) / 100,
    );
  }
  if (random() < 0.2) query.shariah = pick(SCREENABLE_SHARIAH_STANDARDS);
  // Bounds the wrong way round are a 400; keep only the minimum then.
  for (const key of SCREEN_RANGE_KEYS) {
    if (Number(query[`${key}Max`]) < Number(query[`${key}Min`])) delete query[`${key}Max`];
  }
  return query;
}

const event = (query: Record<string, string>) => getEvent('/stocks/screener', query);

/**
 * The screener's handler over the whole demo universe (`npm start`'s count), in process: random
 * filters, currencies and sorts, each request a full filter, convert, sort and page with live
 * quotes. The universe's fundamentals are loaded once before timing, as a warm Lambda has them.
 */
export async function benchScreener(): Promise<Figure[]> {
  const universe = generateUniverse({ count: DEFAULT_DEMO_COUNT, anchor: FIXED_DEMO_ANCHOR });
  const service = new AssetService(
    new InMemoryStocksRepository(universe.map(toCompanyData)),
    simulatedMarketData(),
  );
  // A second passes between screens, so one in five rebuilds the rows (the service reuses a build
  // for 5 s): the p95 is a rebuild's time, the p50 a filter over rows already built.
  let clock = Date.now();
  const api = createAssetApi({ service, demo: true, clock: () => new Date(clock) });
  const first = await api(event({ limit: '1' }));
  if (first.statusCode !== 200) throw new Error(`screener answered ${first.statusCode}`);
  const random = lcg(13);
  const times: number[] = [];
  let matches = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const query = randomScreen(random);
    clock += 1_000;
    const t0 = performance.now();
    const response = await api(event(query));
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    matches += (JSON.parse(response.body) as { total: number }).total;
  }
  times.sort((a, b) => a - b);
  return [
    { name: `screener p50 (${universe.length} stocks)`, value: percentile(times, 50), unit: 'ms' },
    {
      name: `screener p95 (${universe.length} stocks)`,
      value: percentile(times, 95),
      unit: 'ms',
    },
    { name: 'screener mean matches per screen', value: matches / REQUESTS, unit: 'stocks' },
  ];
}
