import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findExchange, type Exchange } from '../../../core/market/exchanges';
import { ANCHOR_DATE } from '../../../core/market/simulation-anchor';
import type { MarketInstrument } from '../../../core/market/types';
import { dateOfDayNumber, dayNumberOf, isTradingDay } from './calendar';
import { DailySeries, MIN_PRICE, TRADING_DAYS_PER_YEAR, roundPrice } from './daily';

const exchange = (shortName: string): Exchange => findExchange(shortName)!;

const instrument = (overrides: Partial<MarketInstrument> = {}): MarketInstrument => ({
  symbol: 'SIM',
  exchangeShortName: 'NASDAQ',
  ipoDate: '1980-01-02',
  anchorPrice: 150.25,
  annualVolatility: 0.3,
  annualDrift: 0.07,
  averageDailyVolume: 5_000_000,
  ...overrides,
});

const seriesOf = (i: MarketInstrument) => new DailySeries(i, exchange(i.exchangeShortName));
const anchor = dayNumberOf(ANCHOR_DATE);
const end = dayNumberOf('2027-12-31');

describe('DailySeries', () => {
  it('closes at the anchor price on the anchor day', () => {
    for (const shortName of ['NASDAQ', 'LSE', 'SAU', 'JPX', 'HKSE']) {
      const series = seriesOf(instrument({ exchangeShortName: shortName, anchorPrice: 187.333 }));
      const index = series.indexOf(anchor);
      expect(dateOfDayNumber(series.dayAt(index))).toBe(ANCHOR_DATE); // a Thursday: trades everywhere
      expect(series.closeAt(index)).toBe(187.333);
    }
  });

  it('anchors on the first trading day on or after the anchor date, or the IPO after it', () => {
    const lateIpo = seriesOf(instrument({ ipoDate: '2025-03-08', anchorPrice: 42 })); // a Saturday
    expect(dateOfDayNumber(lateIpo.dayAt(0))).toBe('2025-03-10');
    expect(lateIpo.closeAt(0)).toBe(42);
    expect(lateIpo.indexAtOrBefore(dayNumberOf('2025-03-07'))).toBe(-1);
  });

  it('has bars on trading days only, from the IPO', () => {
    const series = seriesOf(instrument({ exchangeShortName: 'SAU', ipoDate: '2001-05-04' }));
    expect(dateOfDayNumber(series.dayAt(0))).toBe('2001-05-06'); // Friday IPO → Sunday
    series.indexAtOrBefore(end);
    const bad: string[] = [];
    for (let k = 0; k < series.length; k += 1) {
      const day = series.dayAt(k);
      const ordered = k === 0 || day > series.dayAt(k - 1);
      if (!isTradingDay(exchange('SAU'), day) || !ordered) bad.push(dateOfDayNumber(day));
    }
    expect(bad).toEqual([]);
  });

  it('is a pure function of (instrument, day), however far it has been extended', () => {
    const a = seriesOf(instrument());
    const b = seriesOf(instrument());
    // b is extended in small steps, a in one go.
    for (let d = anchor; d <= end; d += 97) b.indexAtOrBefore(d);
    a.indexAtOrBefore(end);
    const last = a.indexAtOrBefore(end);
    expect(b.indexAtOrBefore(end)).toBe(last);
    const barsOf = (s: DailySeries) => Array.from({ length: last + 1 }, (_, k) => s.barAt(k));
    expect(barsOf(b)).toEqual(barsOf(a));
  });

  it('changes with the symbol', () => {
    const a = seriesOf(instrument({ symbol: 'AAA' }));
    const b = seriesOf(instrument({ symbol: 'AAB' }));
    expect(a.closeAt(100)).not.toBe(b.closeAt(100));
  });

  it('walks with the instrument volatility and drift, with fat tails', () => {
    const series = seriesOf(instrument({ annualVolatility: 0.25, anchorPrice: 5000 }));
    const returns: number[] = [];
    for (let k = 1; k < series.length; k += 1) {
      returns.push(Math.log(series.closeAt(k) / series.closeAt(k - 1)));
    }
    const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
    const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / returns.length;
    const sd = Math.sqrt(variance);
    expect(sd * Math.sqrt(TRADING_DAYS_PER_YEAR)).toBeGreaterThan(0.22);
    expect(sd * Math.sqrt(TRADING_DAYS_PER_YEAR)).toBeLessThan(0.28);
    const kurtosis =
      returns.reduce((s, r) => s + (r - mean) ** 4, 0) / returns.length / variance ** 2;
    expect(kurtosis).toBeGreaterThan(3.5); // a normal walk would be ≈ 3
    expect(mean * TRADING_DAYS_PER_YEAR).toBeGreaterThan(-0.1);
    expect(mean * TRADING_DAYS_PER_YEAR).toBeLessThan(0.25);
  });

  it('opens near the previous close and trades around its average volume', () => {
    const series = seriesOf(instrument());
    let volume = 0;
    let widestGap = 0;
    for (let k = 1; k < series.length; k += 1) {
      const gap = Math.abs(Math.log(series.valuesAt(k).open / series.closeAt(k - 1)));
      widestGap = Math.max(widestGap, gap);
      volume += series.volumeAt(k);
    }
    expect(widestGap).toBeLessThan(0.05);
    const average = volume / (series.length - 1);
    expect(average).toBeGreaterThan(4_000_000);
    expect(average).toBeLessThan(6_000_000);
  });

  it('stays positive and consistent over 40+ years for volatile instruments', () => {
    fc.assert(
      fc.property(
        fc.record({
          symbol: fc.string({ minLength: 1, maxLength: 6 }),
          exchangeShortName: fc.constantFrom('NASDAQ', 'SAU', 'HKSE', 'NSE'),
          anchorPrice: fc.double({ min: 0.02, max: 50_000, noNaN: true }),
          annualVolatility: fc.double({ min: 0.4, max: 2, noNaN: true }),
          annualDrift: fc.double({ min: -0.3, max: 0.4, noNaN: true }),
        }),
        (params) => {
          const series = seriesOf(instrument({ ...params, ipoDate: '1980-01-02' }));
          series.indexAtOrBefore(end);
          const anchorIndex = series.indexOf(dayNumberOf(ANCHOR_DATE));
          expect(series.closeAt(anchorIndex)).toBe(params.anchorPrice);
          // One expect per run: vitest's expect is too slow for 10,000 bars × 25 runs.
          let violation: string | undefined;
          for (let k = 0; k < series.length && !violation; k += 1) {
            const { open, high, low, close, volume } = series.valuesAt(k);
            const ok =
              low >= MIN_PRICE &&
              high >= Math.max(open, close) &&
              low <= Math.min(open, close) &&
              Number.isFinite(high) &&
              high < params.anchorPrice * 200 &&
              Number.isInteger(volume) &&
              volume >= 0;
            if (!ok) violation = JSON.stringify(series.barAt(k));
          }
          expect(violation).toBeUndefined();
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('DailySeries, computed lazily', () => {
  const now = dayNumberOf('2026-11-18');
  const lazyCases = [
    instrument({ symbol: 'OLD', ipoDate: '1981-03-16', annualVolatility: 0.45 }),
    instrument({
      symbol: 'OLD.SR',
      exchangeShortName: 'SAU',
      ipoDate: '1987-06-10',
      anchorPrice: 31.5,
      annualVolatility: 0.7,
    }),
    instrument({
      symbol: 'MID.T',
      exchangeShortName: 'JPX',
      ipoDate: '2003-11-20',
      anchorPrice: 4210,
      annualVolatility: 0.15,
    }),
    instrument({
      symbol: 'NEW.L',
      exchangeShortName: 'LSE',
      ipoDate: '2022-09-01',
      anchorPrice: 0.85,
      annualVolatility: 0.6,
    }),
    instrument({
      symbol: 'LATE',
      exchangeShortName: 'NYSE',
      ipoDate: '2025-03-08',
      anchorPrice: 42,
    }),
  ];

  /** What a quote near now reads: the last trading day, 52 weeks and 50 days back. */
  const quoteLike = (series: DailySeries): number => {
    const index = series.indexAtOrBefore(now);
    for (let k = index; k >= 0 && series.dayAt(k) >= now - 365; k -= 1) series.highAt(k);
    for (let k = index; k >= 0 && k > index - 51; k -= 1) series.volumeAt(k);
    return index;
  };

  it('keeps the values it had when it was built eagerly (digests taken then)', () => {
    // Bars from the IPO to the end of 2027, hashed: by the series that computed all of it on
    // construction, before it was lazy.
    const expected: Record<string, string> = {
      OLD: '12210:f9efd96376aa191b',
      'OLD.SR': '10582:de3ae331ce26324a',
      'MID.T': '6292:570b3e2a943f1262',
      'NEW.L': '1392:5fbe4ac82afc53c7',
      LATE: '735:be440f833e3338ca',
    };
    for (const i of lazyCases) {
      const series = seriesOf(i);
      quoteLike(series);
      const last = series.indexAtOrBefore(end);
      const values = new Float64Array((last + 1) * 5);
      const hash = createHash('sha256');
      for (let k = 0; k <= last; k += 1) {
        const { date, open, high, low, close, volume } = series.barAt(k);
        values.set([open, high, low, close, volume], k * 5);
        hash.update(date);
      }
      hash.update(new Uint8Array(values.buffer));
      expect(`${last + 1}:${hash.digest('hex').slice(0, 16)}`).toBe(expected[i.symbol]);
    }
  });

  it('equals, bit for bit, a series computed back to the IPO at once', () => {
    for (const i of lazyCases) {
      const full = seriesOf(i);
      full.closeAt(0); // back to the IPO in one step
      const last = full.indexAtOrBefore(end);

      // Quoted first, then read back one day at a time (a chart's range), then forward.
      const lazy = seriesOf(i);
      const quoted = quoteLike(lazy);
      for (let k = quoted; k >= 0; k -= 1) lazy.dayAt(k);
      // And another read in long jumps back from the anchor.
      const jumpy = seriesOf(i);
      for (let k = jumpy.indexOf(jumpy.anchorDay); k >= 0; k -= 997) jumpy.lowAt(k);

      for (const series of [lazy, jumpy]) {
        expect(series.indexAtOrBefore(end)).toBe(last);
        const mismatches: number[] = [];
        for (let k = 0; k <= last; k += 1) {
          const a = series.barAt(k);
          const b = full.barAt(k);
          const same =
            a.date === b.date &&
            Object.is(a.open, b.open) &&
            Object.is(a.high, b.high) &&
            Object.is(a.low, b.low) &&
            Object.is(a.close, b.close) &&
            Object.is(a.volume, b.volume);
          if (!same) mismatches.push(k);
        }
        expect(mismatches).toEqual([]);
      }
      expect(full.dayAt(0)).toBe(full.firstDay);
    }
  });

  it('keeps every index on its day while it extends', () => {
    const series = seriesOf(lazyCases[0]!);
    const recent = series.indexAtOrBefore(now);
    const old = series.indexOf(dayNumberOf('1990-03-01')); // counted, not computed
    expect(dateOfDayNumber(series.dayAt(recent))).toBe('2026-11-18');
    expect(dateOfDayNumber(series.dayAt(old))).toBe('1990-03-01'); // computed back to it
    series.closeAt(0);
    series.indexAtOrBefore(end);
    expect(dateOfDayNumber(series.dayAt(recent))).toBe('2026-11-18');
    expect(dateOfDayNumber(series.dayAt(old))).toBe('1990-03-01');
    expect(series.indexOf(dayNumberOf('1990-03-03'))).toBe(-1); // a Saturday
    expect(series.indexAtOrBefore(dayNumberOf('1981-03-13'))).toBe(-1); // before the IPO
  });

  it('holds tens of KB for a quote near now, and the whole history only when read', () => {
    const series = seriesOf(lazyCases[0]!);
    quoteLike(series);
    // The anchor day to a little past now, nothing before the anchor.
    expect(series.bytes).toBeLessThan(32 * 1024);
    series.closeAt(0);
    expect(series.bytes).toBeGreaterThan(400 * 1024);
    expect(series.bytes).toBeLessThan(600 * 1024);
  });
});

describe('roundPrice', () => {
  it('keeps two decimals from 1 up and four below', () => {
    expect(roundPrice(243.8549)).toBe(243.85);
    expect(roundPrice(0.123456)).toBe(0.1235);
    expect(roundPrice(roundPrice(17.005))).toBe(roundPrice(17.005));
  });
});
