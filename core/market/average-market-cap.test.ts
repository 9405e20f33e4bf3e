import { describe, expect, it } from 'vitest';
import { averageCloses, averageMarketCaps, meanClose } from './average-market-cap';
import { freeFloatPercent } from './float';

const NOW = new Date('2026-11-24T12:00:00Z');
/** Daily bars, newest first, from `days` ago to today, closing at `close(i)`. */
const bars = (days: number, close: (daysAgo: number) => number) =>
  Array.from({ length: days + 1 }, (_, daysAgo) => ({
    date: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10),
    close: close(daysAgo),
  }));

describe('meanClose', () => {
  it('is the mean close over the window', () => {
    // 40 months of closes: 10 in the last 24 months, 30 before.
    const history = bars(1_230, (daysAgo) => (daysAgo <= 730 ? 10 : 30));
    const close24 = meanClose(history, 24, NOW)!;
    expect(close24).toBeCloseTo(10, 1);
    const close36 = meanClose(history, 36, NOW)!;
    expect(close36).toBeGreaterThan(close24);
    expect(close36).toBeLessThan(30);
  });

  it('has no average for a listing younger than the window', () => {
    expect(
      meanClose(
        bars(300, () => 5),
        24,
        NOW,
      ),
    ).toBeUndefined();
    expect(meanClose([], 24, NOW)).toBeUndefined();
  });
});

describe('averageCloses', () => {
  it('holds the 24- and 36-month mean closes as of the day of `now`', () => {
    const history = bars(1_230, (daysAgo) => (daysAgo <= 730 ? 10 : 30));
    expect(averageCloses(history, NOW)).toEqual({
      asOf: '2026-11-24',
      months24: meanClose(history, 24, NOW),
      months36: meanClose(history, 36, NOW),
    });
  });

  it('leaves out an average whose window the listing is younger than', () => {
    expect(
      averageCloses(
        bars(900, () => 5),
        NOW,
      ),
    ).toEqual({ asOf: '2026-11-24', months24: 5 });
  });
});

describe('averageMarketCaps', () => {
  it('is each mean close times the share count now, with the day the closes date from', () => {
    expect(averageMarketCaps({ asOf: '2026-11-24', months24: 5, months36: 4 }, 1_000)).toEqual({
      averageMarketCap24m: 5_000,
      averageMarketCap36m: 4_000,
      averagesAsOf: '2026-11-24',
    });
    expect(averageMarketCaps({ asOf: '2026-11-24', months24: 5 }, 1_000)).toEqual({
      averageMarketCap24m: 5_000,
      averagesAsOf: '2026-11-24',
    });
  });
});

describe('freeFloatPercent', () => {
  it('is the floating share of the outstanding ones in %, two decimals', () => {
    expect(freeFloatPercent(1, 3)).toBe(33.33);
    expect(freeFloatPercent(950, 1_000)).toBe(95);
    expect(freeFloatPercent(5, 0)).toBe(0);
  });
});
