import { describe, expect, it } from 'vitest';
import { dayChange, previousSessionClose, quoteDayChange } from './day-change';

describe('dayChange', () => {
  it('is the price against the previous close', () => {
    const move = dayChange(100.45, 100);
    expect(move?.change).toBeCloseTo(0.45, 10);
    expect(move?.percent).toBeCloseTo(0.45, 10);
    expect(dayChange(90, 100)).toEqual({ change: -10, percent: -10 });
  });

  it('has no figure without a usable previous close', () => {
    expect(dayChange(10, 0)).toBeUndefined();
    expect(dayChange(10, -1)).toBeUndefined();
    expect(dayChange(10, Number.NaN)).toBeUndefined();
    expect(dayChange(Number.NaN, 10)).toBeUndefined();
  });
});

describe('quoteDayChange', () => {
  it('recomputes from price and previous close, whatever the quote says', () => {
    expect(
      quoteDayChange({ price: 110, previousClose: 100, change: 3, changesPercentage: 3 }),
    ).toEqual({ change: 10, percent: 10 });
  });

  it("keeps the quote's own figures when it has no previous close", () => {
    expect(
      quoteDayChange({ price: 110, previousClose: 0, change: 3, changesPercentage: 2.8 }),
    ).toEqual({ change: 3, percent: 2.8 });
  });
});

describe('previousSessionClose', () => {
  const bars = [
    { date: '2026-11-24', close: 98 },
    { date: '2026-11-26', close: 101 }, // the session shown (partial)
    { date: '2026-11-25', close: 100 },
    { date: '2026-11-20', close: 90 },
  ];

  it('is the close of the last session before the one shown', () => {
    expect(previousSessionClose(bars, '2026-11-26')).toBe(100);
    expect(previousSessionClose(bars, '2026-11-25')).toBe(98);
    // Over a weekend or holiday: the last trading day before.
    expect(previousSessionClose(bars, '2026-11-23')).toBe(90);
  });

  it('has none when no earlier session is known', () => {
    expect(previousSessionClose(bars, '2026-11-20')).toBeUndefined();
    expect(previousSessionClose([], '2026-11-26')).toBeUndefined();
  });
});
