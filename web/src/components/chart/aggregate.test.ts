import { describe, expect, it } from 'vitest';
import { aggregate, BAR_LIMIT, candlesFor } from './aggregate';
import type { ChartPoint } from './chart-points';
import { syntheticDailyBars } from './synthetic-bars';

const day = (i: number, c = 100 + i): ChartPoint => ({
  x: new Date(2024, 0, 1 + i).getTime(),
  o: c - 1,
  h: c + 2,
  l: c - 2,
  c,
  v: 10,
});

describe('aggregation of bars into weeks and months', () => {
  it('keeps the first open, last close, extremes and summed volume', () => {
    // 1 January 2024 was a Monday: 14 days are two weeks.
    const weeks = aggregate(
      Array.from({ length: 14 }, (_, i) => day(i)),
      'week',
    );
    expect(weeks).toHaveLength(2);
    expect(weeks[0]).toEqual({
      x: new Date(2024, 0, 1).getTime(),
      o: 99,
      c: 106,
      h: 108,
      l: 98,
      v: 70,
    });
    expect(weeks[1]!.x).toBe(new Date(2024, 0, 8).getTime());
  });

  it('starts a week on Monday and a month on the 1st', () => {
    const sunday = day(6); // 7 January 2024
    expect(aggregate([sunday], 'week')[0]!.x).toBe(new Date(2024, 0, 1).getTime());
    const months = aggregate(
      Array.from({ length: 40 }, (_, i) => day(i)),
      'month',
    );
    expect(months.map((m) => new Date(m.x).getMonth())).toEqual([0, 1]);
    expect(months[0]!.v).toBe(310);
  });

  it('keeps bars up to the limit, then weeks, then months', () => {
    const short = syntheticDailyBars(BAR_LIMIT);
    expect(candlesFor(short)).toEqual({ granularity: 'bar', bars: short });
    const fiveYears = candlesFor(syntheticDailyBars(1_260));
    expect(fiveYears.granularity).toBe('week');
    expect(fiveYears.bars.length).toBeLessThanOrEqual(BAR_LIMIT);
    const all = candlesFor(syntheticDailyBars(10_000));
    expect(all.granularity).toBe('month');
    expect(all.bars.length).toBeLessThanOrEqual(BAR_LIMIT);
    expect(all.bars.reduce((sum, b) => sum + b.v, 0)).toBe(
      syntheticDailyBars(10_000).reduce((sum, b) => sum + b.v, 0),
    );
  });
});
