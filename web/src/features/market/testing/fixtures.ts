import { MARKET_INDEXES } from '@core/market/indexes';
import type { DaySpark, IndexQuote, Mover, PriceBar, Quote } from '@core/market/types';

export const quote = (symbol: string, price: number, change: number, open = true): Quote => ({
  symbol,
  price,
  change,
  changesPercentage: (change / (price - change)) * 100,
  dayLow: price - 10,
  dayHigh: price + 10,
  yearLow: price * 0.8,
  yearHigh: price * 1.2,
  open: price - change,
  previousClose: price - change,
  volume: 1_000_000,
  avgVolume: 1_000_000,
  marketOpen: open,
  timestamp: 1_736_000_000,
});

/** A day's line as the server sends it: a morning, a lunch break, an afternoon bar. */
export const SPARK: DaySpark = { minutes: [0, 1, 2, 150], closes: [100, 102, 101, 103] };

/**
 * All eleven indexes, in an order unlike §3 (reversed), so the page's order is its own. NASDAQ
 * gains, S&P 500 is unchanged, every other index falls; only the US markets are open. Each has
 * the day's line (SPARK).
 */
export const INDEXES: IndexQuote[] = [...MARKET_INDEXES].reverse().map((index, i) => ({
  ...index,
  quote: quote(
    index.symbol,
    10_000 + i * 1_000 + 0.5,
    index.symbol === '^IXIC' ? 123.45 : index.symbol === '^GSPC' ? 0 : -(i + 1) * 10,
    index.country === 'US',
  ),
  spark: SPARK,
}));

export const mover = (symbol: string, changesPercentage: number, volume = 1_234_567): Mover => ({
  symbol,
  name: `${symbol} Corp`,
  exchangeShortName: 'NASDAQ',
  currency: 'USD',
  price: 100,
  change: changesPercentage,
  changesPercentage,
  volume,
  tradedValue: volume * 100,
  tradedValueUsd: volume * 100,
});

export const MOVERS = {
  gainers: [mover('UPP', 9.87), mover('RISE', 4.5)],
  losers: [mover('DOWN', -7.25), mover('SINK', -3.1)],
  mostActive: [
    // A penny price; 9.88B GBP traded, ranked as about $12.50B at 0.79 GBP per dollar.
    {
      ...mover('BIG.L', 1.2, 98_765_432),
      price: 0.2986,
      currency: 'GBP',
      tradedValueUsd: 9_876_543_200 / 0.79,
    },
    mover('RISE', 4.5),
  ],
};

/** A few minutes of 1-minute bars, newest first, as the chart endpoint answers. */
export const INTRADAY: PriceBar[] = [0, 1, 2, 3]
  .map((m) => ({
    date: `2025-01-06 09:3${m}:00`,
    open: 100 + m,
    high: 101 + m,
    low: 99 + m,
    close: 100 + m,
    volume: 1000,
  }))
  .reverse();
