import { describe, expect, it } from 'vitest';
import { calendarWindows, createFmpMarketCalendar } from './calendar';
import { ProviderError } from './provider-error';
import {
  DIVIDEND_CALENDAR_SAMPLE,
  DIVIDEND_HISTORY_SAMPLE,
  EARNING_CALENDAR_SAMPLE,
  HISTORICAL_EARNINGS_SAMPLE,
  SPLIT_CALENDAR_SAMPLE,
  SPLIT_HISTORY_SAMPLE,
} from './testing/calendar-samples';
import { reply, stubFmpPerTest } from './testing/stub-fmp-client';
import type { StubRoute } from './testing/stub-fmp-server';

const fmp = stubFmpPerTest();

async function calendar(routes: Record<string, StubRoute>) {
  return createFmpMarketCalendar(await fmp.client(routes));
}

const NOVEMBER = { from: '2024-11-01', to: '2024-11-30' };
const marketWide = {
  '/v3/earning_calendar': reply(EARNING_CALENDAR_SAMPLE),
  '/v3/stock_dividend_calendar': reply(DIVIDEND_CALENDAR_SAMPLE),
  '/v3/stock_split_calendar': reply(SPLIT_CALENDAR_SAMPLE),
};

describe('FMP calendar adapter', () => {
  it('parses the market-wide earnings, dividend and split calendars', async () => {
    const events = await (await calendar(marketWide)).events(NOVEMBER);
    expect(events).toContainEqual({
      kind: 'earnings',
      symbol: 'AAPL',
      date: '2024-11-05',
      fiscalDateEnding: '2024-09-28',
      time: 'amc',
      epsEstimated: 1.6,
      eps: 1.64,
      surprise: 0.04,
      surprisePercent: 2.5,
    });
    // Not yet reported, and a time FMP does not know ('--').
    expect(events.find((e) => e.symbol === 'NVDA')).toMatchObject({ eps: null, surprise: null });
    expect(events.find((e) => e.symbol === 'TINY.L')).not.toHaveProperty('time');
    expect(events).toContainEqual({
      kind: 'dividend',
      symbol: 'AAPL',
      date: '2024-11-08',
      declarationDate: '2024-10-31',
      recordDate: '2024-11-11',
      paymentDate: '2024-11-14',
      dividend: 0.25,
      yield: null,
      frequency: 4,
    });
    // '' and null dates are "not announced"; a row without an amount is dropped.
    expect(events.find((e) => e.symbol === 'XYZ.DE')).toMatchObject({
      declarationDate: null,
      recordDate: null,
      paymentDate: null,
      dividend: 0.0475,
    });
    expect(events.some((e) => e.symbol === 'NONE')).toBe(false);
    expect(events).toContainEqual({
      kind: 'split',
      symbol: 'REV',
      date: '2024-11-21',
      numerator: 1,
      denominator: 10,
    });
    expect(fmp.server.requests[0]!.searchParams.get('from')).toBe('2024-11-01');
    expect(fmp.server.requests[0]!.searchParams.get('to')).toBe('2024-11-30');
  });

  it('reads a few symbols from their histories, trimmed to the range', async () => {
    const source = await calendar({
      '/v3/historical/earning_calendar/AAPL': reply(HISTORICAL_EARNINGS_SAMPLE),
      '/v3/historical-price-full/stock_dividend/AAPL': reply(DIVIDEND_HISTORY_SAMPLE),
      '/v3/historical-price-full/stock_split/AAPL': reply(SPLIT_HISTORY_SAMPLE),
    });
    const events = await source.events({ from: '2024-08-01', to: '2024-11-30' }, ['AAPL']);
    expect(events.map((e) => `${e.kind} ${e.date}`).sort()).toEqual([
      'dividend 2024-08-12',
      'dividend 2024-11-08',
      'earnings 2024-08-01',
      'earnings 2024-11-05',
    ]);
    expect(events.every((e) => e.symbol === 'AAPL')).toBe(true);
    expect(fmp.server.count('/v3/earning_calendar')).toBe(0);
  });

  it('filters the market-wide calendars to many symbols, in windows of at most 90 days', async () => {
    const source = await calendar(marketWide);
    const symbols = ['AAPL', 'SPLT', 'A', 'B', 'C', 'D'];
    const events = await source.events({ from: '2024-09-01', to: '2024-12-09' }, symbols);
    expect(new Set(events.map((e) => e.symbol))).toEqual(new Set(['AAPL', 'SPLT']));
    expect(fmp.server.count('/v3/earning_calendar')).toBe(2);
    expect(calendarWindows({ from: '2024-09-01', to: '2024-12-09' })).toEqual([
      { from: '2024-09-01', to: '2024-11-29' },
      { from: '2024-11-30', to: '2024-12-09' },
    ]);
  });

  it('fails with a ProviderError on an answer of the wrong shape', async () => {
    const source = await calendar({
      ...marketWide,
      '/v3/earning_calendar': reply([{ date: 'soon', symbol: 'AAPL' }]),
    });
    await expect(source.events(NOVEMBER)).rejects.toBeInstanceOf(ProviderError);
  });
});
