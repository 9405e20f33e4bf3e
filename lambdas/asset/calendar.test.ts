import { describe, expect, it } from 'vitest';
import type { CalendarEvent, CalendarRange, DividendEvent } from '../../core/market/calendar';
import type { Quote } from '../../core/market/types';
import type { MarketCalendar } from '../ports/market-calendar';
import type { MarketData } from '../ports/market-data';
import type { StocksRepository } from '../ports/stocks-repository';
import { AssetService } from './service';

const NOW = new Date('2026-11-26T12:00:00Z');
const SYMBOL = 'ACME.L';
const CURRENCY = 'GBP';
/** The universe: one company (only what the calendar reads of it). */
const stocks = {
  listProfiles: async () => [
    {
      isin: 'GB0000000001',
      symbol: SYMBOL,
      // Dividends per share over the last twelve months: the payments were raised during the year.
      profile: { currency: CURRENCY, exchangeShortName: 'LSE', lastDiv: 1.55 },
    },
  ],
  // No console write since the service read the list: it keeps its copies.
  listRevision: async () => null,
} as unknown as StocksRepository;
const PRICE = 50;

const market = {
  quote: async (i: { symbol: string }) => ({ symbol: i.symbol, price: PRICE }) as Quote,
} as unknown as MarketData;

/** A source answering what it holds, whatever is asked (the service must select). */
const source = (events: CalendarEvent[]) => {
  const calls: { range: CalendarRange; symbols?: readonly string[] }[] = [];
  const calendar: MarketCalendar = {
    async events(range, symbols) {
      calls.push({ range, ...(symbols ? { symbols } : {}) });
      return events;
    },
  };
  return { calendar, calls };
};

const service = (calendar?: MarketCalendar) =>
  new AssetService(stocks, market, {
    ...(calendar ? { calendar } : {}),
  });

const dividend = (symbol: string, date: string): DividendEvent => ({
  kind: 'dividend',
  symbol,
  date,
  declarationDate: null,
  recordDate: null,
  paymentDate: null,
  dividend: 0.5,
  yield: null,
  frequency: 4,
});

describe('AssetService.calendar', () => {
  it('keeps the universe’s events of the range, with currency and the yield over the live price', async () => {
    const { calendar, calls } = source([
      // A yield the source sent is replaced by the product's one rule too.
      { ...dividend(SYMBOL, '2026-11-10'), yield: 9.99 },
      dividend(SYMBOL, '2026-12-10'), // outside the range
      dividend('NOT.LISTED', '2026-11-10'), // a listing the product does not show
      {
        kind: 'earnings',
        symbol: SYMBOL,
        date: '2026-11-30',
        fiscalDateEnding: '2026-09-30',
        epsEstimated: 1,
        eps: 1.1, // a figure the source holds before the report day
        surprise: 0.1,
        surprisePercent: 10,
      },
    ]);
    const events = await service(calendar).calendar({ from: '2026-11-01', to: '2026-11-30' }, NOW);
    expect(calls).toEqual([{ range: { from: '2026-11-01', to: '2026-11-30' } }]);
    expect(events).toEqual([
      // The screener's yield (1.55 / 50), not the one payment annualised (0.5 × 4 / 50 = 4%).
      { ...dividend(SYMBOL, '2026-11-10'), yield: 3.1, currency: CURRENCY },
      {
        kind: 'earnings',
        symbol: SYMBOL,
        date: '2026-11-30',
        fiscalDateEnding: '2026-09-30',
        epsEstimated: 1,
        eps: null,
        surprise: null,
        surprisePercent: null,
        currency: CURRENCY,
      },
    ]);
  });

  it('passes the symbols to the source and filters kinds', async () => {
    const { calendar, calls } = source([dividend(SYMBOL, '2026-11-10')]);
    const range = { from: '2026-11-01', to: '2026-11-30' };
    const none = await service(calendar).calendar({ ...range, kinds: ['earnings'] }, NOW);
    expect(none).toEqual([]);
    await service(calendar).calendar({ ...range, symbols: [SYMBOL] }, NOW);
    expect(calls.at(-1)?.symbols).toEqual([SYMBOL]);
  });

  it('fails loudly without a calendar source rather than answering an empty calendar', async () => {
    await expect(service().calendar({ from: '2026-11-01', to: '2026-11-30' }, NOW)).rejects.toThrow(
      'no calendar source',
    );
  });
});
