import { beforeAll, describe, expect, it } from 'vitest';
import type { Currency } from '../../core/market/fx';
import { nonPermissibleShare } from '../../core/market/shariah';
import { portfolioSummary } from '../../core/portfolio/summary';
import type { Transaction } from '../../core/portfolio/transactions';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import { toSeededCompanies } from '../../infra/local/seed-stocks';
import { InMemoryStocksRepository } from '../../lambdas/adapters/testing/memory/stocks-repository';
import type { MarketData } from '../../lambdas/ports/market-data';
import type { StockRecord } from '../../lambdas/ports/stocks-repository';
import { ProductPortfolioMarketInputs } from '../../lambdas/asset/portfolio-market-inputs';
import { AssetService } from '../../lambdas/asset/service';

const now = new Date(`${FIXED_DEMO_ANCHOR}T21:00:00Z`);
const FROM = '2025-01-02';

/** The sources over a small demo universe, counting every read a bulk read should replace. */
async function setup(hidden: readonly string[] = []) {
  const universe = generateUniverse({ count: 12, anchor: FIXED_DEMO_ANCHOR });
  const stocks = new InMemoryStocksRepository(await toSeededCompanies(universe, FIXED_DEMO_ANCHOR));
  const simulated = simulatedMarketData();
  const calls = { quotes: 0, daily: 0, fundamentals: 0, findBySymbol: 0 };
  const market: MarketData = {
    ...simulated,
    quotes: (instruments, at) => {
      calls.quotes += 1;
      return simulated.quotes(instruments, at);
    },
    daily: (instrument, from, at) => {
      calls.daily += 1;
      return simulated.daily(instrument, from, at);
    },
  };
  const service = new AssetService(stocks, market);
  const inputs = new ProductPortfolioMarketInputs({
    // A stock the console hid is out of the universe copy, as listProfiles leaves it out.
    assets: {
      profilesBySymbol: async (at) =>
        new Map(
          [...(await service.profilesBySymbol(at))].filter(
            ([, r]: [string, StockRecord]) => !hidden.includes(r.symbol),
          ),
        ),
      fxRates: (at) => service.fxRates(at),
    },
    stocks: {
      findBySymbol: (symbol) => {
        calls.findBySymbol += 1;
        return stocks.findBySymbol(symbol);
      },
      getFundamentals: (isins) => {
        calls.fundamentals += 1;
        return stocks.getFundamentals(isins);
      },
    },
    market,
  });
  const symbols = universe.map((c) => c.profile.symbol);
  return { universe, stocks, service, inputs, calls, symbols };
}

describe('ProductPortfolioMarketInputs', () => {
  let world: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    world = await setup();
  });

  it('reads every symbol with one quote call and one bulk read of fundamentals', async () => {
    const { inputs, calls, symbols } = world;
    const before = { ...calls };
    const read = await inputs.read({ symbols, benchmark: '^GSPC', from: FROM }, now);
    expect(calls.quotes - before.quotes).toBe(1);
    expect(calls.fundamentals - before.fundamentals).toBe(1);
    expect(calls.findBySymbol - before.findBySymbol).toBe(0);
    // Daily bars have no read of many symbols in the port: one per symbol, and the benchmark's,
    // the first time in a day; the past closes are kept for the rest of it.
    expect(calls.daily - before.daily).toBe(symbols.length + 1);
    await inputs.read({ symbols, benchmark: '^GSPC', from: FROM }, now);
    expect(calls.daily - before.daily).toBe(symbols.length + 1);
    expect(calls.quotes - before.quotes).toBe(2);
    expect([...read.symbols.keys()]).toEqual(symbols);
    expect(read.rates?.USD).toBe(1);
    expect(read.benchmarkCloses?.[0]!.date.localeCompare(FROM)).toBeLessThanOrEqual(0);
  });

  it("gives each symbol the screener row's verdicts, the live price, closes and the company's facts", async () => {
    const { inputs, service, symbols, universe } = world;
    const read = await inputs.read({ symbols, from: FROM }, now);
    const rows = new Map((await service.screenerUniverse(now)).map((r) => [r.symbol, r]));
    const quotes = await service.quotes(symbols, now);
    for (const company of universe) {
      const { symbol } = company.profile;
      const got = read.symbols.get(symbol)!;
      expect(got.verdicts).toEqual(rows.get(symbol)!.shariah);
      expect(got.price).toBe(quotes.get(symbol)!.price);
      expect(got.currency).toBe(company.profile.currency);
      expect(got.sector).toBe(company.profile.sector);
      expect(got.sharesOutstanding).toBe(company.profile.sharesOutstanding);
      const closes = got.closes!;
      expect(closes.length).toBeGreaterThan(400);
      expect(closes.every((c, i) => i === 0 || c.date > closes[i - 1]!.date)).toBe(true);
      // The demo's reviewed inputs give the share of the period ending on their as-of date.
      expect(got.nonPermissibleShares).toContainEqual({
        periodEnd: company.shariah.asOf,
        share: nonPermissibleShare(company.shariah),
      });
      expect(got.balanceSheets).toHaveLength(
        company.annual.balance.length + company.quarterly.balance.length,
      );
    }
  });

  it('reads a stock the portfolio does not hold as its benchmark', async () => {
    const { inputs, symbols } = world;
    const read = await inputs.read(
      { symbols: [symbols[0]!], benchmark: symbols[1]!, from: FROM },
      now,
    );
    expect([...read.symbols.keys()]).toEqual([symbols[0]]);
    expect(read.benchmarkCloses!.length).toBeGreaterThan(400);
  });

  it('finds a hidden stock on its own, and leaves out a symbol nobody knows', async () => {
    const { symbols } = world;
    const hiddenWorld = await setup([symbols[0]!]);
    const read = await hiddenWorld.inputs.read(
      { symbols: [symbols[0]!, 'NOPE.XX'], from: FROM },
      now,
    );
    expect(hiddenWorld.calls.findBySymbol).toBe(2);
    expect([...read.symbols.keys()]).toEqual([symbols[0]]);
  });

  it("feeds core's summary: every held symbol valued and screened, nothing missing", async () => {
    const { inputs, symbols, universe } = world;
    const held = symbols.slice(0, 5);
    const transactions: Transaction[] = held.map((symbol, i) => ({
      type: 'buy',
      id: `b${i}`,
      date: FROM,
      symbol,
      quantity: 10,
      price: 1,
      fees: 0,
      currency: universe[i]!.profile.currency as Currency,
    }));
    const read = await inputs.read({ symbols: held, benchmark: '^GSPC', from: FROM }, now);
    const summary = portfolioSummary({
      portfolio: { currency: 'USD', benchmark: '^GSPC', transactions },
      today: FIXED_DEMO_ANCHOR,
      standard: 'aaoifi',
      market: read.symbols,
      rates: read.rates,
      ...(read.benchmarkCloses ? { benchmarkCloses: read.benchmarkCloses } : {}),
    });
    expect(summary.holdings.flatMap((r) => r.missing)).toEqual([]);
    expect(summary.holdings.every((r) => r.marketValue! > 0 && r.verdict !== null)).toBe(true);
    expect(summary.benchmark).toEqual({ symbol: '^GSPC' });
    if ('missing' in summary.performance) throw new Error(summary.performance.missing);
    const all = summary.performance.find((p) => p.period === 'ALL')!;
    expect(all.benchmarkReturn).not.toBeNull();
  });
});
