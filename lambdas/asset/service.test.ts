import { describe, expect, it } from 'vitest';
import { decodeStockList } from '../../core/stock-list';
import type { CompanyProfile, Quote } from '../../core/market/types';
import type { MarketData } from '../ports/market-data';
import type { StockRecord, StocksRepository } from '../ports/stocks-repository';
import { AssetService, liveProfile, withAverageVolume } from './service';

/** Only the whole-table reads, slow and counted: what a stampede multiplies. */
function slowScans() {
  const pause = async () => {
    table.inFlight += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    table.inFlight -= 1;
  };
  const table = {
    scans: 0,
    inFlight: 0,
    revisionReads: 0,
    revision: null as string | null,
    name: 'Alpha',
    async listStocks() {
      table.scans += 1;
      const name = table.name;
      await pause();
      return [{ symbol: 'AAA', name, exchangeShortName: 'NASDAQ' }];
    },
    async listRevision() {
      table.revisionReads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return table.revision;
    },
    async listProfiles(): Promise<StockRecord[]> {
      table.scans += 1;
      await pause();
      return [];
    },
  };
  return table;
}

const CACHE_MS = 60_000;
const t0 = new Date('2026-11-18T15:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

function service() {
  const stocks = slowScans();
  return {
    stocks,
    service: new AssetService(stocks as unknown as StocksRepository, {} as MarketData, {
      universeCacheMs: CACHE_MS,
    }),
  };
}

describe('AssetService universe copies under load (no stampede)', () => {
  it('reads the table once for 200 concurrent first requests', async () => {
    const { stocks, service: asset } = service();
    const lists = await Promise.all(Array.from({ length: 200 }, () => asset.stockList(t0)));
    expect(stocks.scans).toBe(1);
    expect(new Set(lists).size).toBe(1);
    expect(decodeStockList(lists[0]!)).toHaveLength(1);
  });

  it('answers 200 concurrent requests on expiry with the previous copy and refreshes once', async () => {
    const { stocks, service: asset } = service();
    const first = await asset.stockList(t0);
    const during = await Promise.all(
      Array.from({ length: 200 }, () => asset.stockList(later(CACHE_MS + 1))),
    );
    // Nobody waited for the table: the stale copy came while the refresh was still reading.
    expect(stocks.inFlight).toBe(1);
    expect(during.every((list) => list === first)).toBe(true);
    expect(stocks.scans).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await asset.stockList(later(CACHE_MS + 2))).not.toBe(first);
    expect(stocks.scans).toBe(2);
  });

  it('drops its copies at once when the console changed a stock, reading the revision once per burst', async () => {
    const { stocks, service: asset } = service();
    const first = await asset.stockList(t0);
    await Promise.all(Array.from({ length: 200 }, () => asset.stockList(later(1))));
    expect(stocks.scans).toBe(1);
    expect(stocks.revisionReads).toBe(2);
    stocks.name = 'Alpha Renamed';
    stocks.revision = '2026-11-18T15:00:01.000Z US0000000001 v2';
    const renamed = await asset.stockList(later(2)); // well within the copy's minute
    expect(renamed).not.toBe(first);
    expect(decodeStockList(renamed)[0]?.name).toBe('Alpha Renamed');
    expect(stocks.scans).toBe(2);
    expect(await asset.stockList(later(3))).toBe(renamed);
  });

  it('does the same for the profiles the screener and movers rank', async () => {
    const { stocks, service: asset } = service();
    await Promise.all(Array.from({ length: 200 }, () => asset.profiles(t0)));
    await Promise.all(Array.from({ length: 200 }, () => asset.profiles(later(CACHE_MS))));
    expect(stocks.scans).toBe(2);
  });
});

describe('AssetService.watchQuotes', () => {
  const record = (symbol: string) =>
    ({
      symbol,
      isin: `US${symbol}`,
      instrument: undefined,
      profile: { companyName: `${symbol} Inc`, currency: 'USD', exchangeShortName: 'NASDAQ' },
    }) as unknown as StockRecord;
  const quoteOf = (symbol: string) => ({ symbol, price: 10, marketOpen: true });

  it('answers every symbol from one table scan and one batched quote call, unknown or unquoted ones without a quote', async () => {
    let scans = 0;
    let daily = 0;
    const batches: string[][] = [];
    const stocks = {
      listProfiles: async () => {
        scans += 1;
        return [record('AAA'), record('BBB')];
      },
      listRevision: async () => null,
    } as unknown as StocksRepository;
    const market = {
      quote: async () => {
        throw new Error('one quote per row: the batch is the point');
      },
      // The provider leaves out what it has no quote for (here AAA).
      quotes: async (instruments: { symbol: string }[]) => {
        batches.push(instruments.map((i) => i.symbol));
        return instruments.filter((i) => i.symbol !== 'AAA').map((i) => quoteOf(i.symbol));
      },
      daily: async () => {
        daily += 1;
        // Newest first, as the provider answers: 40 sessions.
        return Array.from({ length: 40 }, (_, i) => ({ date: '', close: 40 - i }));
      },
    } as unknown as MarketData;
    const asset = new AssetService(stocks, market);
    const rows = await asset.watchQuotes(['BBB', 'ZZZ', 'AAA', '^GSPC'], t0);
    expect(scans).toBe(1);
    expect(rows.map((r) => [r.symbol, r.name, r.quote?.price ?? null])).toEqual([
      ['BBB', 'BBB Inc', 10],
      ['ZZZ', null, null],
      ['AAA', 'AAA Inc', null],
      ['^GSPC', 'S&P 500', 10],
    ]);
    expect(batches).toEqual([['BBB', 'AAA', '^GSPC']]);
    expect(daily).toBe(3);
    // The last 30 sessions, oldest first.
    expect(rows[0]!.spark).toEqual(Array.from({ length: 30 }, (_, i) => 11 + i));
  });

  it('quotes many symbols for the alert evaluator in one batch, by symbol, leaving out the unknown', async () => {
    const batches: string[][] = [];
    const stocks = {
      listProfiles: async () => [record('AAA')],
      listRevision: async () => null,
    } as unknown as StocksRepository;
    const market = {
      quotes: async (instruments: { symbol: string }[]) => {
        batches.push(instruments.map((i) => i.symbol));
        return instruments.map((i) => quoteOf(i.symbol));
      },
    } as unknown as MarketData;
    const quotes = await new AssetService(stocks, market).quotes(['AAA', 'ZZZ', '^GSPC'], t0);
    expect(batches).toEqual([['AAA', '^GSPC']]);
    expect([...quotes.keys()]).toEqual(['AAA', '^GSPC']);
  });
});

describe('the average volume of a quote that carries none', () => {
  const profile = { volAvg: 47_424_558 } as CompanyProfile;
  const quote = { symbol: 'AAPL', avgVolume: 0 } as Quote;

  it("takes the stored profile's (FMP's stable quote has none), never a 0 that means 'not sent'", () => {
    expect(withAverageVolume(quote, profile).avgVolume).toBe(47_424_558);
    expect(liveProfile({ ...profile, sharesOutstanding: 1 }, { ...quote, price: 1 }).volAvg).toBe(
      47_424_558,
    );
  });

  it("keeps the quote's own where it has one", () => {
    expect(withAverageVolume({ ...quote, avgVolume: 5 }, profile).avgVolume).toBe(5);
  });
});
