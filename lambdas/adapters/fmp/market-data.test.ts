import { describe, expect, it } from 'vitest';
import type { PricedInstrument } from '../../ports/market-data';
import { createFmpMarketData } from './market-data';
import { providerFailure, reply, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const AAPL: PricedInstrument = { symbol: 'AAPL', exchangeShortName: 'NASDAQ' };
// Tuesday 5 November 2024, 10:00 in New York (EST, UTC−5).
const TUESDAY_10AM_NY = new Date('2024-11-05T15:00:00Z');

const fmp = stubFmpPerTest();

async function marketData(routes: Record<string, StubRoute>) {
  return createFmpMarketData(await fmp.client(routes));
}

const fmpQuote = (overrides: Record<string, unknown> = {}) => ({
  symbol: 'AAPL',
  name: 'Apple Inc.',
  price: 222.5,
  changesPercentage: 0.65,
  change: 1.44,
  dayLow: 220.1,
  dayHigh: 223.3,
  yearHigh: 237.49,
  yearLow: 164.08,
  marketCap: 3_380_000_000_000,
  priceAvg50: 226.1,
  priceAvg200: 211.2,
  exchange: 'NASDAQ',
  volume: 28_111_000,
  avgVolume: 47_900_000,
  open: 221.0,
  previousClose: 221.06,
  eps: 6.08,
  pe: 36.6,
  earningsAnnouncement: '2025-01-30T21:00:00.000+0000',
  sharesOutstanding: 15_204_100_000,
  timestamp: 1_730_818_800,
  ...overrides,
});

const bar = (date: string, close: number) => ({
  date,
  open: close - 1,
  low: close - 2,
  high: close + 1,
  close,
  volume: 1000,
});

describe('FMP market data', () => {
  it('maps a quote, computing marketOpen from the exchange sessions', async () => {
    const md = await marketData({ '/v3/quote/AAPL': reply([fmpQuote()]) });
    expect(await md.quote(AAPL, TUESDAY_10AM_NY)).toEqual({
      symbol: 'AAPL',
      price: 222.5,
      change: 1.44,
      // From the previous close (core's one definition), not FMP's rounded 0.65.
      changesPercentage: 0.6514,
      dayLow: 220.1,
      dayHigh: 223.3,
      yearLow: 164.08,
      yearHigh: 237.49,
      open: 221.0,
      previousClose: 221.06,
      volume: 28_111_000,
      avgVolume: 47_900_000,
      marketOpen: true,
      timestamp: 1_730_818_800,
    });
    expect(fmp.server.count('/v3/quote/AAPL')).toBe(1); // no /is-the-market-open call
    const saturday = new Date('2024-11-09T15:00:00Z');
    expect((await md.quote(AAPL, saturday)).marketOpen).toBe(false);
    const evening = new Date('2024-11-05T21:30:00Z'); // 16:30 in New York
    expect((await md.quote(AAPL, evening)).marketOpen).toBe(false);
    const unknownExchange = { symbol: 'AAPL', exchangeShortName: 'OTC' };
    expect((await md.quote(unknownExchange, TUESDAY_10AM_NY)).marketOpen).toBe(false);
  });

  it('quotes many symbols in one batched request, each on its own exchange clock', async () => {
    const md = await marketData({
      '/v3/quote/AAPL,VOD.L': () => ({
        body: [fmpQuote(), fmpQuote({ symbol: 'VOD.L', price: 70.1 })],
      }),
    });
    const vodafone: PricedInstrument = { symbol: 'VOD.L', exchangeShortName: 'LSE' };
    // 20:30 in London: New York is trading, London has closed.
    const evening = new Date('2024-11-05T20:30:00Z');
    const quotes = await md.quotes([AAPL, vodafone], evening);
    expect(quotes.map((q) => [q.symbol, q.price, q.marketOpen])).toEqual([
      ['AAPL', 222.5, true],
      ['VOD.L', 70.1, false],
    ]);
    expect(fmp.server.count('/v3/quote/AAPL,VOD.L')).toBe(1);
  });

  it('fills null quote figures from the others', async () => {
    const md = await marketData({
      '/v3/quote/AAPL': () => ({
        body: [
          fmpQuote({
            change: null,
            changesPercentage: null,
            dayLow: null,
            dayHigh: null,
            yearLow: null,
            yearHigh: null,
            open: null,
            volume: null,
            avgVolume: null,
            previousClose: 200,
          }),
        ],
      }),
    });
    const quote = await md.quote(AAPL, TUESDAY_10AM_NY);
    expect(quote).toMatchObject({
      change: 22.5,
      dayLow: 222.5,
      dayHigh: 222.5,
      yearLow: 222.5,
      yearHigh: 222.5,
      open: 222.5,
      volume: 0,
      avgVolume: 0,
    });
    expect(quote.changesPercentage).toBeCloseTo(11.25);
  });

  it('reports an unknown symbol (FMP answers []) as not found', async () => {
    const md = await marketData({ '/v3/quote/NOPE': reply([]) });
    const error = await providerFailure(md.quote({ ...AAPL, symbol: 'NOPE' }, TUESDAY_10AM_NY));
    expect(error.notFound).toBe(true);
  });

  it('asks intraday bars for local dates and returns them newest first, none after now', async () => {
    const md = await marketData({
      '/v3/historical-chart/5min/AAPL': () => ({
        body: [
          bar('2024-11-05 09:50:00', 3),
          bar('2024-11-05 10:05:00', 5), // after now
          bar('2024-11-05 10:00:00', 4),
          bar('2024-11-04 15:55:00', 1), // before from
          bar('2024-11-05 09:30:00', 2),
        ],
      }),
    });
    const from = new Date('2024-11-05T14:30:00Z'); // 09:30 in New York
    const bars = await md.intraday(AAPL, '5min', from, TUESDAY_10AM_NY);
    expect(bars.map((b) => b.date)).toEqual([
      '2024-11-05 10:00:00',
      '2024-11-05 09:50:00',
      '2024-11-05 09:30:00',
    ]);
    expect(bars[0]).toEqual(bar('2024-11-05 10:00:00', 4));
    const url = fmp.server.requests[0]!;
    expect(url.searchParams.get('from')).toBe('2024-11-05');
    expect(url.searchParams.get('to')).toBe('2024-11-05');
  });

  it('uses the exchange clock: Tokyo bars are dated in Tokyo', async () => {
    const md = await marketData({
      '/v3/historical-chart/1min/7203.T': () => ({
        body: [bar('2024-11-06 09:01:00', 2), bar('2024-11-06 09:00:00', 1)],
      }),
    });
    const toyota = { symbol: '7203.T', exchangeShortName: 'JPX' };
    // 00:00:30 UTC = 09:00:30 in Tokyo on the 6th.
    const bars = await md.intraday(
      toyota,
      '1min',
      new Date('2024-11-05T23:00:00Z'),
      new Date('2024-11-06T00:00:30Z'),
    );
    expect(bars.map((b) => b.close)).toEqual([1]);
    expect(fmp.server.requests[0]!.searchParams.get('to')).toBe('2024-11-06');
  });

  it('returns daily bars newest first within [from, now], extra fields dropped', async () => {
    const md = await marketData({
      '/v3/historical-price-full/AAPL': () => ({
        body: {
          symbol: 'AAPL',
          historical: [
            { ...bar('2024-11-06', 9), adjClose: 9, vwap: 9, label: 'November 06, 24' },
            { ...bar('2024-11-04', 7), adjClose: 7, unadjustedVolume: 1000 },
            { ...bar('2024-11-05', 8), changePercent: 1.2 },
          ],
        },
      }),
    });
    const bars = await md.daily(AAPL, new Date('2024-11-01T12:00:00Z'), TUESDAY_10AM_NY);
    expect(bars).toEqual([bar('2024-11-05', 8), bar('2024-11-04', 7)]);
    const url = fmp.server.requests[0]!;
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([
      '2024-11-01',
      '2024-11-05',
    ]);
  });

  it('treats an empty daily answer ({}) as no bars, and skips the call for an empty range', async () => {
    const md = await marketData({ '/v3/historical-price-full/AAPL': () => ({ body: {} }) });
    expect(await md.daily(AAPL, new Date('2024-11-01'), TUESDAY_10AM_NY)).toEqual([]);
    expect(await md.daily(AAPL, new Date('2024-12-01'), TUESDAY_10AM_NY)).toEqual([]);
    expect(fmp.server.count('/v3/historical-price-full/AAPL')).toBe(1);
  });

  it('rejects a bar without a price', async () => {
    const md = await marketData({
      '/v3/historical-chart/1min/AAPL': () => ({
        body: [{ ...bar('2024-11-05 09:30:00', 1), close: null }],
      }),
    });
    await expect(
      md.intraday(AAPL, '1min', new Date('2024-11-05T14:00:00Z'), TUESDAY_10AM_NY),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });
});
