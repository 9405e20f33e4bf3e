import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCHANGES, findExchange, type Exchange } from '../../../core/market/exchanges';
import { MARKET_INDEXES } from '../../../core/market/indexes';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import type { MarketInstrument, PriceBar } from '../../../core/market/types';
import {
  dateOfDayNumber,
  dayNumberOf,
  firstTradingDayOnOrAfter,
  isOpen,
  localTimeOf,
  weekdayOf,
  yearsBefore,
  zonedTimeToUtc,
} from './calendar';
import {
  HISTORY_YEARS,
  INTRADAY_MAX_DAYS,
  createSimulatedMarket,
  instrumentForIndex,
  type IntradayInterval,
} from './index';
import { LruCache } from './lru';

const exchange = (shortName: string): Exchange => findExchange(shortName)!;
const date = (d: string) => new Date(`${d}T00:00:00Z`);
const at = (iso: string) => new Date(iso);

const stock = (overrides: Partial<MarketInstrument> = {}): MarketInstrument => ({
  symbol: 'SIMX',
  exchangeShortName: 'NASDAQ',
  ipoDate: '1998-04-15',
  anchorPrice: 212.4,
  annualVolatility: 0.4,
  annualDrift: 0.08,
  averageDailyVolume: 12_000_000,
  ...overrides,
});

/** The instant a bar labelled 'YYYY-MM-DD HH:mm:ss' starts, on its exchange's clock. */
const barStart = (ex: Exchange, label: string) =>
  zonedTimeToUtc(
    ex.timeZone,
    dayNumberOf(label.slice(0, 10)),
    Number(label.slice(11, 13)) * 60 + Number(label.slice(14, 16)),
  );

const aggregateOf = (bars: readonly PriceBar[]) => ({
  open: bars[bars.length - 1]!.open, // bars newest first
  high: Math.max(...bars.map((b) => b.high)),
  low: Math.min(...bars.map((b) => b.low)),
  close: bars[0]!.close,
  volume: bars.reduce((s, b) => s + b.volume, 0),
});

const market = createSimulatedMarket();
const instruments = [
  stock(),
  stock({ symbol: 'SIMX.SR', exchangeShortName: 'SAU', anchorPrice: 31.5 }),
  stock({ symbol: 'SIMX.HK', exchangeShortName: 'HKSE', anchorPrice: 64 }),
  stock({ symbol: 'SIMX.T', exchangeShortName: 'JPX', anchorPrice: 2_890 }),
  stock({ symbol: 'SIMX.SS', exchangeShortName: 'SHH', anchorPrice: 11.2 }),
  stock({ symbol: 'SIMX.L', exchangeShortName: 'LSE', anchorPrice: 4.3 }),
  stock({ symbol: 'SIMX.NS', exchangeShortName: 'NSE', anchorPrice: 1_450 }),
];

const instants = fc
  .integer({ min: Date.parse('2023-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') })
  .map((ms) => new Date(ms));

describe('daily', () => {
  const now = at('2026-11-20T18:00:00Z'); // Friday, New York session running

  it('returns trading days newest first, with the anchor close', () => {
    const bars = market.daily(stock(), date('2024-12-20'), date('2025-01-10'), now);
    expect(bars[0]!.date).toBe('2025-01-10');
    expect(bars[bars.length - 1]!.date).toBe('2024-12-20');
    const dates = bars.map((b) => b.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.map((d) => weekdayOf(dayNumberOf(d))).every((w) => w >= 1 && w <= 5)).toBe(true);
    expect(bars.find((b) => b.date === ANCHOR_DATE)?.close).toBe(212.4);
  });

  it('follows the Saudi week: Sunday to Thursday', () => {
    const bars = market.daily(instruments[1]!, date('2024-01-01'), date('2024-03-31'), now);
    const weekdays = new Set(bars.map((b) => weekdayOf(dayNumberOf(b.date))));
    expect([...weekdays].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts at the IPO, and reaches back at most 40 years', () => {
    const all = market.daily(stock(), date('1900-01-01'), now, now);
    expect(all[all.length - 1]!.date).toBe('1998-04-15');
    const index = instrumentForIndex(MARKET_INDEXES[0]);
    const history = market.daily(index, date('1900-01-01'), now, now);
    const oldest = yearsBefore(localTimeOf('America/New_York', +now).day, HISTORY_YEARS);
    expect(history[history.length - 1]!.date).toBe(
      dateOfDayNumber(firstTradingDayOnOrAfter(exchange('NASDAQ'), oldest)),
    ); // Mon after Fri
    expect(history.length).toBeGreaterThan(10_000);
  });

  it('does not change as time passes', () => {
    const range = [date('2020-01-01'), date('2024-12-31')] as const;
    const earlier = market.daily(stock(), ...range, at('2025-03-01T12:00:00Z'));
    const later = createSimulatedMarket().daily(stock(), ...range, at('2026-09-01T12:00:00Z'));
    expect(later).toEqual(earlier);
  });

  it('gives the running day as the aggregate so far', () => {
    const bars = market.daily(stock(), date('2026-11-19'), date('2026-11-20'), now);
    const today = market.intraday(stock(), '1min', date('2026-11-20'), date('2026-11-20'), now);
    expect(today[0]!.date).toBe('2026-11-20 13:00:00'); // 18:00Z is 13:00 EST: that minute's bar has started
    expect(bars[0]).toEqual({ date: '2026-11-20', ...aggregateOf(today) });
  });
});

describe('intraday', () => {
  const now = at('2026-11-20T21:30:00Z'); // after the Friday close in New York

  it('covers every session of the trading days in range, newest first', () => {
    const bars = market.intraday(stock(), '1min', date('2026-11-13'), date('2026-11-17'), now);
    const days = [...new Set(bars.map((b) => b.date.slice(0, 10)))];
    expect(days).toEqual(['2026-11-17', '2026-11-16', '2026-11-13']); // weekend skipped
    expect(bars.length).toBe(3 * 390);
    expect(bars[0]!.date).toBe('2026-11-17 15:59:00');
    expect(bars[bars.length - 1]!.date).toBe('2026-11-13 09:30:00');
  });

  it('includes the lunch-break sessions of Hong Kong, Tokyo and Shanghai', () => {
    for (const [instrument, perDay] of [
      [instruments[2]!, 330],
      [instruments[3]!, 330],
      [instruments[4]!, 240],
    ] as const) {
      const bars = market.intraday(instrument, '1min', date('2026-11-16'), date('2026-11-16'), now);
      expect(bars.length).toBe(perDay);
    }
  });

  it('agrees with the daily bars, in 1- and 5-minute bars', () => {
    for (const instrument of instruments) {
      const range = [date('2026-10-01'), date('2026-10-31')] as const;
      const daily = market.daily(instrument, ...range, now);
      for (const interval of ['1min', '5min'] as const) {
        const bars = market.intraday(instrument, interval, ...range, now);
        for (const day of daily) {
          const ofDay = bars.filter((b) => b.date.startsWith(day.date));
          expect({ date: day.date, ...aggregateOf(ofDay) }).toEqual(day);
        }
      }
    }
  });

  it('serves at most INTRADAY_MAX_DAYS trading days, the newest', () => {
    const bars = market.intraday(stock(), '5min', date('1990-01-01'), now, now);
    const days = [...new Set(bars.map((b) => b.date.slice(0, 10)))];
    expect(days).toHaveLength(INTRADAY_MAX_DAYS);
    expect(days[0]).toBe('2026-11-20');
  });

  it('rejects an unknown interval', () => {
    const unserved = '15min' as string as IntradayInterval; // as from an unchecked caller
    expect(() =>
      market.intraday(stock(), unserved, date('2026-11-16'), date('2026-11-16'), now),
    ).toThrow(RangeError);
  });
});

describe('nothing after now', () => {
  it('never returns a bar that has not started', () => {
    fc.assert(
      fc.property(fc.constantFrom(...instruments), instants, (instrument, now) => {
        const ex = exchange(instrument.exchangeShortName);
        const from = new Date(+now - 3 * 86_400_000);
        const to = new Date(+now + 3 * 86_400_000);
        const intraday = market.intraday(instrument, '1min', from, to, now);
        for (const bar of intraday.slice(0, 3)) {
          expect(barStart(ex, bar.date)).toBeLessThanOrEqual(+now);
        }
        const daily = market.daily(instrument, from, to, now);
        const today = localTimeOf(ex.timeZone, +now).day;
        expect(dayNumberOf(daily[0]!.date)).toBeLessThanOrEqual(today);
        if (intraday.length > 0) expect(daily[0]!.date).toBe(intraday[0]!.date.slice(0, 10));
      }),
      { numRuns: 150 },
    );
  });
});

describe('quote', () => {
  it('agrees with the bars at any instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...instruments), instants, (instrument, now) => {
        const ex = exchange(instrument.exchangeShortName);
        const quote = market.quote(instrument, now)!;
        const [day, previous] = market.daily(instrument, date('1900-01-01'), now, now);
        const bars = market.intraday(instrument, '1min', date(day!.date), date(day!.date), now);
        expect(bars.length).toBeGreaterThan(0);
        expect(quote).toMatchObject({
          symbol: instrument.symbol,
          price: bars[0]!.close,
          open: day!.open,
          dayHigh: day!.high,
          dayLow: day!.low,
          volume: day!.volume,
          previousClose: previous!.close,
          marketOpen: isOpen(ex, now),
          timestamp: Math.floor(+now / 1000),
        });
        expect({ date: day!.date, ...aggregateOf(bars) }).toEqual(day);
        expect(quote.change).toBeCloseTo(quote.price - quote.previousClose, 4);
        expect(quote.changesPercentage).toBeCloseTo((quote.change / quote.previousClose) * 100, 2);
        expect(quote.yearHigh).toBeGreaterThanOrEqual(quote.dayHigh);
        expect(quote.yearLow).toBeLessThanOrEqual(quote.dayLow);
      }),
      { numRuns: 150 },
    );
  });

  it('moves minute by minute during a session', () => {
    const prices = ['14:31', '14:32', '15:30', '17:00', '20:59'].map(
      (t) => market.quote(stock(), at(`2026-11-16T${t}:00Z`))!.price,
    );
    expect(new Set(prices).size).toBe(prices.length);
    const inMinute = market.quote(stock(), at('2026-11-16T15:30:59Z'))!;
    expect(inMinute.price).toBe(prices[2]);
    expect(inMinute.marketOpen).toBe(true);
  });

  it('holds the last close outside the sessions', () => {
    const close = market.daily(
      stock(),
      date('2026-11-13'),
      date('2026-11-13'),
      at('2026-11-14T00:00:00Z'),
    )[0]!;
    for (const instant of [
      '2026-11-13T21:00:00Z', // the close (16:00 EST)
      '2026-11-14T15:00:00Z', // Saturday
      '2026-11-16T14:29:59Z', // Monday before the open
    ]) {
      const quote = market.quote(stock(), at(instant))!;
      expect(quote).toMatchObject({
        price: close.close,
        open: close.open,
        dayHigh: close.high,
        dayLow: close.low,
        volume: close.volume,
        marketOpen: false,
      });
    }
  });

  it('pauses over a lunch break', () => {
    const hk = instruments[2]!;
    const beforeLunch = market.quote(hk, at('2026-11-16T03:59:30Z'))!; // 11:59:30 HKT
    const lunch = market.quote(hk, at('2026-11-16T04:30:00Z'))!;
    const afternoon = market.quote(hk, at('2026-11-16T05:00:00Z'))!;
    expect(beforeLunch.marketOpen).toBe(true);
    expect(lunch.marketOpen).toBe(false);
    expect(lunch.price).toBe(beforeLunch.price);
    expect(lunch.volume).toBe(beforeLunch.volume);
    expect(afternoon.marketOpen).toBe(true);
    expect(afternoon.volume).toBeGreaterThan(lunch.volume);
  });

  it('trades on a Saudi Sunday and not on a Friday', () => {
    const sr = instruments[1]!;
    expect(market.quote(sr, at('2026-11-15T09:00:00Z'))!.marketOpen).toBe(true); // Sun 12:00
    const friday = market.quote(sr, at('2026-11-20T09:00:00Z'))!;
    expect(friday.marketOpen).toBe(false);
    expect(
      market.daily(sr, date('2026-11-19'), date('2026-11-20'), at('2026-11-20T09:00:00Z'))[0]!.date,
    ).toBe('2026-11-19');
  });

  it('takes the 52-week range and the 50-day average volume from the daily bars', () => {
    const now = at('2026-06-10T17:00:00Z');
    const quote = market.quote(stock(), now)!;
    const bars = market.daily(stock(), date('1900-01-01'), now, now);
    const yearStart = dayNumberOf(bars[0]!.date) - 364;
    const year = bars.filter((b) => dayNumberOf(b.date) >= yearStart);
    expect(quote.yearHigh).toBe(Math.max(...year.map((b) => b.high)));
    expect(quote.yearLow).toBe(Math.min(...year.map((b) => b.low)));
    const previous50 = bars.slice(1, 51);
    expect(quote.avgVolume).toBe(
      Math.round(previous50.reduce((s, b) => s + b.volume, 0) / previous50.length),
    );
  });

  it('does not exist before the first trading day', () => {
    const ipo = stock({ ipoDate: '2026-11-16' });
    const before = at('2026-11-16T14:29:00Z');
    expect(market.quote(ipo, before)).toBeUndefined();
    expect(market.daily(ipo, date('2026-01-01'), date('2026-12-31'), before)).toEqual([]);
    expect(market.intraday(ipo, '5min', date('2026-11-01'), date('2026-11-30'), before)).toEqual(
      [],
    );
    const first = market.quote(ipo, at('2026-11-16T14:30:00Z'))!;
    expect(first.previousClose).toBe(first.open);
  });
});

describe('the market', () => {
  it('is deterministic across instances and uses its clock by default', () => {
    const now = at('2026-11-18T16:45:00Z');
    const clocked = createSimulatedMarket({ now: () => now });
    expect(clocked.quote(stock())).toEqual(market.quote(stock(), now));
    expect(clocked.intraday(stock(), '5min', date('2026-11-17'), date('2026-11-18'))).toEqual(
      market.intraday(stock(), '5min', date('2026-11-17'), date('2026-11-18'), now),
    );
    expect(clocked.daily(stock(), date('2000-01-01'), date('2030-01-01'))).toEqual(
      market.daily(stock(), date('2000-01-01'), date('2030-01-01'), now),
    );
  });

  it('re-derives an instrument whose parameters change', () => {
    const now = at('2026-11-18T16:45:00Z');
    const tiny = createSimulatedMarket({ instrumentCacheSize: 1, dayCacheSize: 1 });
    const anchorClose = (i: MarketInstrument) =>
      tiny.daily(i, date(ANCHOR_DATE), date(ANCHOR_DATE), now)[0]!.close;
    expect(anchorClose(stock())).toBe(212.4);
    expect(anchorClose(stock({ anchorPrice: 99 }))).toBe(99);
    expect(tiny.quote(stock(), now)).toEqual(market.quote(stock(), now));
  });

  it('answers the same when its caches hold almost nothing', () => {
    const now = at('2026-11-18T16:45:00Z');
    const starved = createSimulatedMarket({ instrumentCacheBytes: 1, dayCacheBytes: 1 });
    for (const i of [stock(), stock({ symbol: 'OTHER', ipoDate: '1985-02-01' }), stock()]) {
      expect(starved.quote(i, now)).toEqual(market.quote(i, now));
      expect(starved.daily(i, date('1980-01-01'), now, now)).toEqual(
        market.daily(i, date('1980-01-01'), now, now),
      );
      expect(starved.intraday(i, '1min', date('2026-11-18'), now, now)).toEqual(
        market.intraday(i, '1min', date('2026-11-18'), now, now),
      );
    }
  });

  it('refuses an instrument on an unknown exchange', () => {
    expect(() => market.quote(stock({ exchangeShortName: 'MOON' }), new Date())).toThrow(/MOON/);
  });
});

describe('instrumentForIndex', () => {
  const now = at('2026-11-20T12:00:00Z');

  it('prices the 11 indexes near their levels at the anchor, with index volatility', () => {
    const levels: Record<string, number> = {
      '^IXIC': 19_000,
      '^GSPC': 5_900,
      '^DJI': 42_500,
      '^FTSE': 8_200,
      '^FCHI': 7_400,
      '^GDAXI': 20_000,
      '^NSEI': 23_700,
      '000001.SS': 3_300,
      '^HSI': 19_600,
      '^N225': 39_300,
      '^TASI.SR': 12_000,
    };
    expect(MARKET_INDEXES).toHaveLength(11);
    for (const index of MARKET_INDEXES) {
      const instrument = market.instrumentForIndex(index);
      expect(instrument).toMatchObject({
        symbol: index.symbol,
        exchangeShortName: index.exchangeShortName,
        ipoDate: '1980-01-02',
      });
      expect(instrument.annualVolatility).toBeGreaterThanOrEqual(0.15);
      expect(instrument.annualVolatility).toBeLessThanOrEqual(0.25);
      const [anchor] = market.daily(instrument, date(ANCHOR_DATE), date(ANCHOR_DATE), now);
      expect(anchor!.close / levels[index.symbol]!).toBeCloseTo(1, 1);
      expect(market.quote(instrument, now)!.price).toBeGreaterThan(0);
    }
  });

  it('covers every exchange the indexes use', () => {
    const used = new Set(MARKET_INDEXES.map((i) => i.exchangeShortName));
    for (const shortName of used)
      expect(EXCHANGES.some((e) => e.shortName === shortName)).toBe(true);
  });
});

describe('LruCache', () => {
  it('evicts the least recently used entry', () => {
    const cache = new LruCache<string, number>(2);
    cache.getOrCreate('a', () => 1);
    cache.getOrCreate('b', () => 2);
    cache.get('a');
    cache.getOrCreate('c', () => 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.getOrCreate('c', () => 99)).toBe(3);
  });

  it('holds entries to a total weight, weighed again as they grow, and keeps the one in use', () => {
    const cache = new LruCache<string, { size: number }>(100, { max: 10, weigh: (v) => v.size });
    const a = cache.getOrCreate('a', () => ({ size: 4 }));
    cache.getOrCreate('b', () => ({ size: 4 }));
    expect(cache.weight).toBe(8);
    a.size = 5;
    cache.get('a');
    cache.reweigh('a'); // b is now the least recently used
    expect(cache.size).toBe(2);
    cache.getOrCreate('c', () => ({ size: 2 }));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.weight).toBe(7);
    cache.getOrCreate('huge', () => ({ size: 50 }));
    expect(cache.size).toBe(1); // over the budget alone, but in use
    expect(cache.weight).toBe(50);
  });
});
