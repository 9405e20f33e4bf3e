import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXCHANGES, findExchange, type Exchange } from '../../../core/market/exchanges';
import type { MarketInstrument, PriceBar } from '../../../core/market/types';
import { dateOfDayNumber, dayNumberOf, isTradingDay, sessionsOn, zonedTimeToUtc } from './calendar';
import { DailySeries } from './daily';
import { aggregate, barsStartedBy, buildDayBars, toPriceBars } from './intraday';

const exchange = (shortName: string): Exchange => findExchange(shortName)!;

const instrumentOn = (shortName: string, overrides: Partial<MarketInstrument> = {}) =>
  ({
    symbol: `SIM.${shortName}`,
    exchangeShortName: shortName,
    ipoDate: '1990-01-02',
    anchorPrice: 80,
    annualVolatility: 0.35,
    annualDrift: 0.05,
    averageDailyVolume: 2_000_000,
    ...overrides,
  }) satisfies MarketInstrument;

/** The daily bar and 1-minute bars of a series' day `index`. */
const seriesByExchange = new Map<string, DailySeries>();
const dayOf = (shortName: string, day: number) => {
  const instrument = instrumentOn(shortName);
  let series = seriesByExchange.get(shortName);
  if (!series) {
    series = new DailySeries(instrument, exchange(shortName));
    seriesByExchange.set(shortName, series);
  }
  const index = series.indexOf(day);
  if (index < 0) throw new Error(`${dateOfDayNumber(day)} is not a trading day`);
  const daily = series.valuesAt(index);
  return { daily, bars: buildDayBars(instrument.symbol, exchange(shortName), day, daily) };
};

const aggregateOf = (bars: readonly PriceBar[]) => ({
  open: bars[0]!.open,
  high: Math.max(...bars.map((b) => b.high)),
  low: Math.min(...bars.map((b) => b.low)),
  close: bars[bars.length - 1]!.close,
  volume: bars.reduce((s, b) => s + b.volume, 0),
});

const tradingDay = (ex: Exchange) =>
  fc
    .integer({ min: dayNumberOf('1995-01-01'), max: dayNumberOf('2027-12-31') })
    .filter((d) => isTradingDay(ex, d));

describe('1-minute bars of a day', () => {
  it('aggregate exactly to the daily bar on every exchange', () => {
    for (const ex of EXCHANGES) {
      fc.assert(
        fc.property(tradingDay(ex), (day) => {
          const { daily, bars } = dayOf(ex.shortName, day);
          expect(aggregateOf(toPriceBars(bars, bars.count, 1))).toEqual(daily);
          expect(aggregate(bars, 0, bars.count)).toEqual(daily);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('hold for the anchor day and for Saudi Sunday sessions', () => {
    for (const [shortName, date] of [
      ['NASDAQ', '2025-01-02'],
      ['SAU', '2025-01-05'], // Sunday
      ['HKSE', '2024-03-11'],
      ['JPX', '2023-10-02'],
      ['SHH', '2010-06-30'],
    ] as const) {
      const { daily, bars } = dayOf(shortName, dayNumberOf(date));
      expect(aggregateOf(toPriceBars(bars, bars.count, 1))).toEqual(daily);
    }
  });

  it('chain and stay well formed: open = previous close, low ≤ open, close ≤ high', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXCHANGES.map((e) => e.shortName)),
        fc.integer({ min: dayNumberOf('2000-01-01'), max: dayNumberOf('2026-12-31') }),
        (shortName, candidate) => {
          const ex = exchange(shortName);
          if (!isTradingDay(ex, candidate)) return;
          const { bars } = dayOf(shortName, candidate);
          for (let k = 0; k < bars.count; k += 1) {
            const [o, h, l, c] = [bars.open[k]!, bars.high[k]!, bars.low[k]!, bars.close[k]!];
            const ok =
              l > 0 &&
              l <= Math.min(o, c) &&
              h >= Math.max(o, c) &&
              (k === 0 || o === bars.close[k - 1]) &&
              Number.isInteger(bars.volume[k]) &&
              bars.volume[k]! >= 0;
            if (!ok) expect({ k, o, h, l, c, v: bars.volume[k] }).toBe('a well-formed bar');
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('fall inside the sessions only, one per minute, lunch breaks excluded', () => {
    for (const shortName of ['NASDAQ', 'HKSE', 'JPX', 'SHH', 'SAU', 'NSE']) {
      const ex = exchange(shortName);
      const day = dayNumberOf('2024-11-04'); // Monday: trades everywhere
      const sessions = sessionsOn(ex, day);
      const { bars } = dayOf(shortName, day);
      const expected = sessions.flatMap((s) =>
        Array.from({ length: s.closeMinute - s.openMinute }, (_, k) => s.openMinute + k),
      );
      expect(Array.from(bars.minute)).toEqual(expected);
      for (let k = 0; k < bars.count; k += 1) {
        expect(bars.startMs[k]).toBe(zonedTimeToUtc(ex.timeZone, day, bars.minute[k]!));
      }
    }
    const hk = dayOf('HKSE', dayNumberOf('2024-11-04')).bars;
    const labels = toPriceBars(hk, hk.count, 1).map((b) => b.date.slice(11));
    expect(labels[0]).toBe('09:30:00');
    expect(labels).toContain('11:59:00');
    expect(labels).not.toContain('12:00:00');
    expect(labels).not.toContain('12:59:00');
    expect(labels).toContain('13:00:00');
    expect(labels[labels.length - 1]).toBe('15:59:00');
  });

  it('are deterministic', () => {
    const day = dayNumberOf('2024-06-12');
    const a = dayOf('NASDAQ', day).bars;
    const b = dayOf('NASDAQ', day).bars;
    expect(toPriceBars(a, a.count, 1)).toEqual(toPriceBars(b, b.count, 1));
    const other = dayOf('NASDAQ', day + 1).bars;
    expect(Array.from(other.close)).not.toEqual(Array.from(a.close));
  });

  it('trade a U-shaped volume: busy at the open and into the close', () => {
    let open = 0;
    let midday = 0;
    let close = 0;
    for (let d = dayNumberOf('2024-01-01'); d < dayNumberOf('2024-03-01'); d += 1) {
      if (!isTradingDay(exchange('NYSE'), d)) continue;
      const { bars } = dayOf('NYSE', d);
      for (let k = 0; k < 30; k += 1) {
        open += bars.volume[k]!;
        midday += bars.volume[180 + k]!;
        close += bars.volume[bars.count - 30 + k]!;
      }
    }
    expect(open).toBeGreaterThan(1.8 * midday);
    expect(close).toBeGreaterThan(1.5 * midday);
  });
});

describe('5-minute bars', () => {
  it('aggregate the 1-minute bars of their local 5-minute bucket', () => {
    for (const shortName of ['NASDAQ', 'HKSE', 'NSE', 'SAU']) {
      const { bars } = dayOf(shortName, dayNumberOf('2024-11-05'));
      const oneMinute = toPriceBars(bars, bars.count, 1);
      const fiveMinute = toPriceBars(bars, bars.count, 5);
      expect(fiveMinute.length).toBe(oneMinute.length / 5);
      fiveMinute.forEach((bar, i) => {
        const members = oneMinute.slice(i * 5, i * 5 + 5);
        expect(Number(bar.date.slice(-5, -3)) % 5).toBe(0);
        expect(members[0]!.date).toBe(bar.date);
        expect({ date: bar.date, ...aggregateOf(members) }).toEqual(bar);
      });
    }
  });

  it('aggregate a partial bucket up to the last started minute', () => {
    const { bars } = dayOf('NASDAQ', dayNumberOf('2024-11-05'));
    const count = 13; // 09:30 … 09:42
    const fiveMinute = toPriceBars(bars, count, 5);
    expect(fiveMinute.map((b) => b.date.slice(11))).toEqual(['09:30:00', '09:35:00', '09:40:00']);
    expect(fiveMinute[2]!.close).toBe(bars.close[12]);
    expect(fiveMinute[2]!.volume).toBe(bars.volume[10]! + bars.volume[11]! + bars.volume[12]!);
  });
});

describe('barsStartedBy', () => {
  it('counts the bars whose minute has started', () => {
    const { bars } = dayOf('NASDAQ', dayNumberOf('2024-11-05'));
    const open = bars.startMs[0]!;
    expect(barsStartedBy(bars, open - 1)).toBe(0);
    expect(barsStartedBy(bars, open)).toBe(1);
    expect(barsStartedBy(bars, open + 59_999)).toBe(1);
    expect(barsStartedBy(bars, open + 60_000)).toBe(2);
    expect(barsStartedBy(bars, open + 10 * 3_600_000)).toBe(bars.count);
  });
});
