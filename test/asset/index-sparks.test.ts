import { describe, expect, it, vi } from 'vitest';
import { DAY_SPARK_POINTS } from '../../core/market/day-spark';
import { MARKET_INDEXES } from '../../core/market/indexes';
import type { PriceBar } from '../../core/market/types';
import { createFmpMarketData } from '../../lambdas/adapters/fmp/market-data';
import { bySymbol, stubFmpPerTest } from '../../lambdas/adapters/fmp/testing/stub-fmp-client';
import { simulatedMarketData } from '../../infra/local/market/market-data';
import type { MarketData } from '../../lambdas/ports/market-data';
import type { StocksRepository } from '../../lambdas/ports/stocks-repository';
import { logger } from '../../lambdas/shared/observability/logger';
import { quoteOf } from './quote-fixture';
import { AssetService } from '../../lambdas/asset/service';

const noStocks = {} as StocksRepository;
/** During the US session: the US and European indexes have today's bars, Asia's closed day. */
const SESSION = new Date('2026-11-18T16:00:00Z');
/** Before the US open: their 1D chart shows the previous session. */
const BEFORE_US_OPEN = new Date('2026-11-18T12:00:00Z');

describe('AssetService.indexes sparklines (the simulated market)', () => {
  it.each([
    ['during the US session', SESSION],
    ['before the US open', BEFORE_US_OPEN],
  ])(
    'draws each index from the bars its 1D chart shows, %s, thinned to the bound',
    async (_, now) => {
      const asset = new AssetService(noStocks, simulatedMarketData());
      const indexes = await asset.indexes(now);
      expect(indexes.map((i) => i.symbol)).toEqual(MARKET_INDEXES.map((i) => i.symbol));
      for (const { symbol, spark } of indexes) {
        // The 1D chart's read: 1-minute bars from today's start, newest first.
        const bars = await asset.intraday(symbol, '1min', undefined, now);
        expect(bars.length, symbol).toBeGreaterThan(1);
        expect(spark.closes.length, symbol).toBe(Math.min(bars.length, DAY_SPARK_POINTS));
        expect(spark.minutes).toHaveLength(spark.closes.length);
        expect(spark.closes[0], symbol).toBe(bars.at(-1)!.close);
        expect(spark.closes.at(-1), symbol).toBe(bars[0]!.close);
        expect(spark.minutes[0]).toBe(0);
      }
    },
  );
});

const bar = (time: string, close: number): PriceBar => ({
  date: `2026-11-18 ${time}`,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
});

/** A provider that counts its bar reads, answering each with `bars` (or failing). */
function countingMarket(bars: () => PriceBar[]) {
  const reads = { intraday: 0 };
  const market: Partial<MarketData> = {
    quote: async ({ symbol }) => quoteOf(symbol),
    intraday: async () => {
      reads.intraday += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return bars();
    },
  };
  return { reads, market: market as MarketData };
}

const t0 = SESSION.getTime();
const at = (ms: number) => new Date(t0 + ms);

describe('AssetService.indexes sparklines (what the provider is asked)', () => {
  it('reads each index’s bars once a minute, however many requests ask', async () => {
    const { reads, market } = countingMarket(() => [bar('09:31:00', 101), bar('09:30:00', 100)]);
    const asset = new AssetService(noStocks, market);
    await Promise.all(Array.from({ length: 50 }, () => asset.indexes(at(0))));
    expect(reads.intraday).toBe(MARKET_INDEXES.length);
    await asset.indexes(at(59_000));
    expect(reads.intraday).toBe(MARKET_INDEXES.length);
    // A minute on, one refresh per index (the stale line answers meanwhile).
    const stale = await asset.indexes(at(60_000));
    expect(stale[0]!.spark.closes).toEqual([100, 101]);
    await asset.indexes(at(60_500));
    expect(reads.intraday).toBe(2 * MARKET_INDEXES.length);
  });

  it('reads no bars for the quotes alone (GraphQL’s indexes have no line)', async () => {
    const { reads, market } = countingMarket(() => []);
    const quoted = await new AssetService(noStocks, market).indexQuotes(at(0));
    expect(quoted).toHaveLength(MARKET_INDEXES.length);
    expect(reads.intraday).toBe(0);
  });

  it('sends an empty line when there is no session to show (before the first one)', async () => {
    const { market } = countingMarket(() => []);
    const indexes = await new AssetService(noStocks, market).indexes(at(0));
    expect(indexes.map((i) => i.spark)).toEqual(
      MARKET_INDEXES.map(() => ({ minutes: [], closes: [] })),
    );
    // The quotes still come: the cards show their levels without a line.
    expect(indexes.every((i) => i.quote?.price === 100)).toBe(true);
  });

  it('answers the quotes with no line where reading the bars fails', async () => {
    const { market } = countingMarket(() => {
      throw new Error('provider down');
    });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const indexes = await new AssetService(noStocks, market).indexes(at(0));
    expect(warn).toHaveBeenCalledTimes(MARKET_INDEXES.length);
    warn.mockRestore();
    expect(indexes).toHaveLength(MARKET_INDEXES.length);
    expect(indexes.every((i) => i.spark.closes.length === 0 && i.quote?.price === 100)).toBe(true);
  });
});

describe('AssetService.indexes sparklines over FMP', () => {
  const fmp = stubFmpPerTest();
  /** 09:30 to 10:59 of the day, newest first, as FMP answers /stable/historical-chart/1min. */
  const day = Array.from({ length: 90 }, (_, m) => {
    const minute = 9 * 60 + 30 + m;
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    return bar(time, 5000 + m);
  }).reverse();

  it('costs one 1-minute chart call per index a minute, beside the quotes', async () => {
    const { changesPercentage, ...figures } = quoteOf('');
    const quotes = Object.fromEntries(
      MARKET_INDEXES.map(({ symbol }) => [
        symbol,
        [{ ...figures, symbol, changePercentage: changesPercentage, timestamp: 1 }],
      ]),
    );
    const charts = Object.fromEntries(MARKET_INDEXES.map(({ symbol }) => [symbol, day]));
    const routes = {
      '/stable/quote': bySymbol(quotes),
      '/stable/historical-chart/1min': bySymbol(charts),
    };
    const asset = new AssetService(noStocks, createFmpMarketData(await fmp.client(routes)));
    const chartCalls = () => fmp.server.count('/stable/historical-chart/1min');
    const indexes = await Promise.all(Array.from({ length: 20 }, () => asset.indexes(at(0))));
    await asset.indexes(at(30_000));
    expect(chartCalls()).toBe(MARKET_INDEXES.length);
    // Each index asked for by its own symbol, in the query.
    const asked = fmp.server.requests
      .filter((u) => u.pathname === '/stable/historical-chart/1min')
      .map((u) => u.searchParams.get('symbol'));
    expect(asked.sort()).toEqual(MARKET_INDEXES.map((i) => i.symbol).sort());
    expect(indexes[0]!.map((i) => i.spark.closes.length)).toEqual(MARKET_INDEXES.map(() => 90));
    expect(indexes[0]![0]!.spark.closes[0]).toBe(5000);
    expect(indexes[0]![0]!.spark.closes.at(-1)).toBe(5089);
  });
});
