import { describe, expect, it } from 'vitest';
import {
  compareRangeStart,
  COMPARE_RANGES,
  isCompareRange,
  lastLevel,
  rebaseToCommonStart,
  type DailyClose,
} from './compare';

const NOW = new Date('2025-05-31T14:30:00Z');
const bars = (...pairs: [string, number][]): DailyClose[] =>
  pairs.map(([date, close]) => ({ date, close }));

describe('compare ranges', () => {
  it('start 1 and 6 months, 1, 3 and 5 years before today, YTD on 1 January', () => {
    expect(Object.fromEntries(COMPARE_RANGES.map((r) => [r, compareRangeStart(r, NOW)]))).toEqual({
      '1M': '2025-04-30',
      '6M': '2024-11-30',
      YTD: '2025-01-01',
      '1Y': '2024-05-31',
      '3Y': '2022-05-31',
      '5Y': '2020-05-31',
    });
    expect(compareRangeStart('1M', new Date('2025-03-31T00:00:00Z'))).toBe('2025-02-28');
    expect(isCompareRange('YTD')).toBe(true);
    expect(isCompareRange('2Y')).toBe(false);
  });
});

describe('rebaseToCommonStart', () => {
  it('rebases every series to 100 on the first day all of them traded on or after the start', () => {
    const a = bars(['2025-01-01', 50], ['2025-01-02', 100], ['2025-01-03', 110]);
    const b = bars(['2025-01-02', 20], ['2025-01-03', 10]);
    const result = rebaseToCommonStart([a, b], '2025-01-01');
    expect(result.base).toBe('2025-01-02');
    expect(result.dates).toEqual(['2025-01-02', '2025-01-03']);
    expect(result.values).toEqual([
      [100, 110.00000000000001],
      [100, 50],
    ]);
  });

  it('ignores bars before the range and reads bars in any order', () => {
    const a = bars(['2025-01-03', 30], ['2024-12-31', 1], ['2025-01-02', 20]);
    expect(rebaseToCommonStart([a], '2025-01-02')).toEqual({
      base: '2025-01-02',
      dates: ['2025-01-02', '2025-01-03'],
      values: [[100, 150]],
    });
  });

  it('aligns exchanges with different holidays by date, carrying the last close over a closed day', () => {
    // US closed on the 4th, London on the 5th; both traded on the 3rd and the 6th.
    const us = bars(['2025-07-03', 10], ['2025-07-05', 12], ['2025-07-06', 15]);
    const uk = bars(['2025-07-03', 200], ['2025-07-04', 220], ['2025-07-06', 180]);
    const result = rebaseToCommonStart([us, uk], '2025-07-01');
    expect(result.dates).toEqual(['2025-07-03', '2025-07-04', '2025-07-05', '2025-07-06']);
    expect(result.values[0]).toEqual([100, 100, 120, 150]);
    expect(result.values[1]).toEqual([100, 110.00000000000001, 110.00000000000001, 90]);
  });

  it('ends a series at its own last bar instead of drawing a flat line past it', () => {
    const long = bars(['2025-01-02', 10], ['2025-01-03', 11], ['2025-01-06', 12]);
    const short = bars(['2025-01-02', 5], ['2025-01-03', 6]);
    const result = rebaseToCommonStart([long, short], '2025-01-01');
    expect(result.values[1]).toEqual([100, 120, null]);
    expect(lastLevel(result.values[1]!)).toBe(120);
  });

  it('has no base and no points when a series has no bar in the range or no usable close', () => {
    const a = bars(['2025-01-02', 10]);
    expect(rebaseToCommonStart([a, bars(['2024-12-30', 9])], '2025-01-01')).toEqual({
      base: undefined,
      dates: [],
      values: [],
    });
    expect(rebaseToCommonStart([a, bars(['2025-01-02', 0])], '2025-01-01').base).toBeUndefined();
    expect(rebaseToCommonStart([], '2025-01-01').base).toBeUndefined();
  });

  it('leaves a series without any price history out of the common start, with no values', () => {
    const a = bars(['2025-01-02', 10], ['2025-01-03', 11]);
    const b = bars(['2025-01-03', 20], ['2025-01-06', 25]);
    const result = rebaseToCommonStart([a, [], b], '2025-01-01');
    expect(result.base).toBe('2025-01-03');
    expect(result.values).toEqual([[100, null], [], [100, 125]]);
  });
});
