import { dateOfDayNumber, dayNumberOf, weekdayOf } from '../core/day-numbers';
import { DEMO_PER_USD, isCurrency, type Currency } from '../core/market/fx';
import type { ShariahStandard, ShariahVerdict } from '../core/market/shariah';
import type { Close } from '../core/portfolio/performance';
import { portfolioSummary } from '../core/portfolio/summary';
import {
  marketRequestOf,
  type PortfolioSummaryInput,
  type SymbolMarket,
} from '../core/portfolio/summary-inputs';
import type { Transaction } from '../core/portfolio/transactions';
import { zakatSettingsSchema } from '../core/portfolio/zakat';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../infra/local/demo/universe';
import { simulatedMarketData } from '../infra/local/market/market-data';
import { toSeededCompanies } from '../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../lambdas/adapters/testing/memory/stocks-repository';
import { ProductPortfolioMarketInputs } from '../lambdas/asset/portfolio-market-inputs';
import { AssetService } from '../lambdas/asset/service';
import { percentile, type Figure } from './figures';

const HOLDINGS = 200;
const TRANSACTIONS = 5_000;
/** Ten years of history: every period (3Y, ALL) has its base day and the series is long. */
const YEARS = 10;
const WARMUP = 5;
const SAMPLES = 60;
const TARGET_MS = 300;

/** A deterministic generator, so every run times the same portfolio. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/**
 * 5,000 transactions over `symbols`: a first buy of each, then buys, partial sales (never more
 * than held), dividends, fees and a few splits, spread over the years, with deposits funding them.
 */
function portfolioTransactions(
  symbols: readonly { symbol: string; currency: Currency; priceOn: (day: number) => number }[],
  firstDay: number,
  lastDay: number,
): Transaction[] {
  const random = lcg(7);
  const held = new Map<string, number>();
  const boughtOn = new Map<string, number>();
  const transactions: Transaction[] = [];
  const span = lastDay - firstDay;
  const dayAt = (i: number, count: number) => firstDay + Math.floor((span * i) / count);
  symbols.forEach(({ symbol, currency, priceOn }, i) => {
    const day = dayAt(i, symbols.length * 4);
    transactions.push({
      type: 'deposit',
      id: `dep${i}`,
      date: dateOfDayNumber(day),
      amount: 100_000,
      currency,
    });
    const quantity = 100 + Math.floor(random() * 900);
    held.set(symbol, quantity);
    boughtOn.set(symbol, day);
    const price = priceOn(day);
    transactions.push({
      type: 'buy',
      id: `first${i}`,
      date: dateOfDayNumber(day),
      symbol,
      quantity,
      price,
      fees: 1,
      currency,
    });
  });
  const rest = TRANSACTIONS - transactions.length;
  for (let i = 0; i < rest; i += 1) {
    const { symbol, currency, priceOn } = symbols[Math.floor(random() * symbols.length)]!;
    // Never before the symbol's first buy, so every sale finds shares.
    const day = Math.max(dayAt(i, rest), boughtOn.get(symbol)!);
    const date = dateOfDayNumber(day);
    const price = priceOn(day);
    const quantity = held.get(symbol)!;
    const kind = random();
    const id = `t${i}`;
    if (kind < 0.45) {
      const bought = 1 + Math.floor(random() * 200);
      held.set(symbol, quantity + bought);
      transactions.push({
        type: 'buy',
        id,
        date,
        symbol,
        quantity: bought,
        price,
        fees: 1,
        currency,
      });
    } else if (kind < 0.7 && quantity > 2) {
      const sold = Math.max(1, Math.floor(quantity * random() * 0.3));
      held.set(symbol, quantity - sold);
      transactions.push({
        type: 'sell',
        id,
        date,
        symbol,
        quantity: sold,
        price,
        fees: 1,
        currency,
      });
    } else if (kind < 0.97) {
      const amount = Math.round(quantity * price * 0.004 * 100) / 100;
      transactions.push({
        type: 'dividend',
        id,
        date,
        symbol,
        amount,
        taxWithheld: amount * 0.15,
        currency,
      });
    } else {
      transactions.push({ type: 'fee', id, date, symbol, amount: 5, currency });
    }
  }
  return transactions;
}

/**
 * Wall-clock and CPU times of each run, each sorted. The CPU time (this process's) barely moves
 * with the machine's load, where the wall clock on a shared machine waits for the other work too.
 */
async function samplesOf(
  run: () => Promise<unknown> | unknown,
): Promise<{ wall: number[]; cpu: number[] }> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const used = process.cpuUsage();
    await run();
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const ascending = (a: number, b: number) => a - b;
  return { wall: wall.sort(ascending), cpu: cpu.sort(ascending) };
}

const STANDARDS: readonly ShariahStandard[] = ['aaoifi', 'sp', 'msci', 'ftse', 'djim', 'alrajhi'];
const VERDICTS: readonly ShariahVerdict[] = ['compliant', 'questionable', 'non-compliant'];

/** The pure part alone: synthetic closes for every trading day of ten years. */
export function pureInput(): PortfolioSummaryInput {
  const today = FIXED_DEMO_ANCHOR;
  const lastDay = dayNumberOf(today);
  const firstDay = lastDay - Math.round(YEARS * 365.25);
  const random = lcg(11);
  const currencies: Currency[] = ['USD', 'EUR', 'GBP', 'JPY', 'SAR'];
  const symbols = Array.from({ length: HOLDINGS }, (_, i) => {
    const start = 10 + random() * 200;
    const drift = (random() - 0.4) / 3650;
    const closes: Close[] = [];
    for (let day = firstDay - 5; day <= lastDay; day += 1) {
      if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
      const wave = 1 + 0.1 * Math.sin((day + i * 37) / 40);
      closes.push({
        date: dateOfDayNumber(day),
        close: start * Math.exp(drift * (day - firstDay)) * wave,
      });
    }
    const priceOn = (day: number) =>
      start * Math.exp(drift * (day - firstDay)) * (1 + 0.1 * Math.sin((day + i * 37) / 40));
    return {
      symbol: `S${String(i).padStart(3, '0')}`,
      currency: currencies[i % currencies.length]!,
      priceOn,
      closes,
    };
  });
  const market = new Map<string, SymbolMarket>(
    symbols.map((s, i) => [
      s.symbol,
      {
        currency: s.currency,
        price: s.closes.at(-1)!.close,
        closes: s.closes,
        sector: `Sector ${i % 11}`,
        country: `C${i % 7}`,
        verdicts: Object.fromEntries(STANDARDS.map((st, j) => [st, VERDICTS[(i + j) % 3]!])),
        nonPermissibleShares: Array.from({ length: YEARS + 1 }, (_, y) => ({
          periodEnd: `${Number(today.slice(0, 4)) - y - 1}-12-31`,
          share: ((i + y) % 10) / 200,
        })),
        balanceSheets: [
          {
            date: `${Number(today.slice(0, 4)) - 1}-12-31`,
            reportedCurrency: s.currency,
            cashAndCashEquivalents: 1e9,
            netReceivables: 5e8,
            inventory: 2e8,
            shortTermInvestments: 1e8,
          },
        ],
        sharesOutstanding: 1e8,
      },
    ]),
  );
  return {
    portfolio: {
      currency: 'USD',
      benchmark: '^GSPC',
      transactions: portfolioTransactions(symbols, firstDay, lastDay),
    },
    today,
    standard: 'aaoifi',
    market,
    rates: DEMO_PER_USD,
    benchmarkCloses: symbols[0]!.closes,
    zakat: {
      settings: zakatSettingsSchema.parse({
        date: today,
        year: 'lunar',
        nisabMetal: 'gold',
        pricePerGram: 80,
      }),
      methods: Object.fromEntries(
        symbols.filter((_, i) => i % 2).map((s) => [s.symbol, 'trading']),
      ),
    },
  };
}

/**
 * A portfolio of 200 holdings and 5,000 transactions over ten years, its summary computed by core
 * (pure part: holdings, the daily value series, returns of every period, allocation, compliance,
 * purification and zakat), then with its market inputs read through the product's adapters over
 * the demo universe in memory and the simulated market (the local stack's), as a warm Lambda
 * answers: the universe copy, FX rates and the day's past closes are kept, quotes, statements and
 * Shariah data are read each time. The day's first read, which reads every holding's bars too, is
 * reported once beside them. Wall-clock times: on a machine other work shares they rise with its
 * load.
 */
export async function benchPortfolioSummary(): Promise<Figure[]> {
  const pure = pureInput();
  if (pure.portfolio.transactions.length !== TRANSACTIONS)
    throw new Error('not 5,000 transactions');
  const check = portfolioSummary(pure);
  if (check.holdings.length !== HOLDINGS || 'missing' in check.performance) {
    throw new Error('the benchmark portfolio is not fully valued');
  }
  const pureSamples = await samplesOf(() => portfolioSummary(pure));

  const universe = generateUniverse({ count: HOLDINGS, anchor: FIXED_DEMO_ANCHOR });
  const stocks = new InMemoryStocksRepository(await toSeededCompanies(universe, FIXED_DEMO_ANCHOR));
  const market = simulatedMarketData();
  const service = new AssetService(stocks, market);
  const inputs = new ProductPortfolioMarketInputs({ assets: service, stocks, market });
  const now = new Date(`${FIXED_DEMO_ANCHOR}T21:00:00Z`);
  const lastDay = dayNumberOf(FIXED_DEMO_ANCHOR);
  const firstDay = lastDay - Math.round(YEARS * 365.25);
  const quotes = await service.quotes(
    universe.map((c) => c.profile.symbol),
    now,
  );
  const demoSymbols = universe.map((c) => {
    const price = quotes.get(c.profile.symbol)!.price;
    const currency = c.profile.currency;
    if (!isCurrency(currency)) throw new Error(`${currency} is not a product currency`);
    return { symbol: c.profile.symbol, currency, priceOn: () => price };
  });
  const transactions = portfolioTransactions(demoSymbols, firstDay, lastDay);
  const request = marketRequestOf({ currency: 'USD', benchmark: '^GSPC', transactions })!;
  // The day's first summary reads every holding's bars; the ones after it find them kept.
  const coldStarted = performance.now();
  await new ProductPortfolioMarketInputs({ assets: service, stocks, market }).read(request, now);
  const cold = performance.now() - coldStarted;
  const whole = async () => {
    const read = await inputs.read(request, now);
    return portfolioSummary({
      ...pure,
      portfolio: { currency: 'USD', benchmark: '^GSPC', transactions },
      market: read.symbols,
      rates: read.rates,
      ...(read.benchmarkCloses ? { benchmarkCloses: read.benchmarkCloses } : {}),
      zakat: { settings: pure.zakat!.settings },
    });
  };
  const readSamples = await samplesOf(() => inputs.read(request, now));
  const wholeSamples = await samplesOf(whole);

  const label = `${HOLDINGS} holdings, ${TRANSACTIONS.toLocaleString('en')} transactions`;
  const figures = (name: string, samples: { wall: number[]; cpu: number[] }): Figure[] => [
    { name: `${name}, p50`, value: percentile(samples.wall, 50), unit: 'ms' },
    {
      name: `${name}, p95`,
      value: percentile(samples.wall, 95),
      unit: 'ms',
      target: { op: '<=', value: TARGET_MS },
    },
    { name: `${name}, CPU time p95`, value: percentile(samples.cpu, 95), unit: 'ms' },
  ];
  return [
    ...figures(`portfolio summary, core only (${label})`, pureSamples),
    {
      name: `portfolio market inputs, the day's first read (${HOLDINGS} symbols)`,
      value: cold,
      unit: 'ms',
    },
    {
      name: `portfolio market inputs read (${HOLDINGS} symbols), p95`,
      value: percentile(readSamples.wall, 95),
      unit: 'ms',
    },
    ...figures(`portfolio summary with its inputs (${label})`, wholeSamples),
  ];
}
