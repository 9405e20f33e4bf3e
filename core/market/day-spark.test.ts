import { describe, expect, it } from 'vitest';
import { DAY_SPARK_POINTS, daySpark } from './day-spark';
import type { PriceBar } from './types';

const pad = (n: number) => String(n).padStart(2, '0');
/** A 1-minute bar `minute` minutes after 09:30, newest-first order is the caller's. */
const bar = (minute: number, close: number): PriceBar => {
  const at = 9 * 60 + 30 + minute;
  const date = `2026-11-24 ${pad(Math.floor(at / 60))}:${pad(at % 60)}:00`;
  return { date, open: close, high: close, low: close, close, volume: 1 };
};

describe('daySpark', () => {
  it('thins a whole session to the budget, oldest first, keeping the first and last close', () => {
    const day = Array.from({ length: 390 }, (_, m) =>
      bar(m, m === 200 ? 5100 : 5000 + Math.sin(m / 7) * 20),
    );
    const spark = daySpark([...day].reverse());
    expect(spark.closes).toHaveLength(DAY_SPARK_POINTS);
    expect(spark.minutes).toHaveLength(DAY_SPARK_POINTS);
    expect(spark.closes[0]).toBe(day[0]!.close);
    expect(spark.closes.at(-1)).toBe(day.at(-1)!.close);
    expect(spark.minutes[0]).toBe(0);
    expect(spark.minutes.at(-1)).toBe(389);
    expect(spark.minutes.every((m, i) => i === 0 || m > spark.minutes[i - 1]!)).toBe(true);
    // LTTB keeps a one-minute spike, which a plain every-nth pick would drop.
    expect(spark.closes).toContain(5100);
    expect(spark.minutes).toContain(200);
  });

  it('keeps a short session whole and a lunch break as a gap in minutes', () => {
    const morning = [0, 1, 2].map((m) => bar(m, 100 + m));
    const afternoon = [120, 121].map((m) => bar(m, 90 + m / 100));
    expect(daySpark([...afternoon, ...morning].reverse())).toEqual({
      minutes: [0, 1, 2, 120, 121],
      closes: [100, 101, 102, 91.2, 91.21],
    });
  });

  it('is empty without a line to draw: no bars (before the first session), or one', () => {
    expect(daySpark([])).toEqual({ minutes: [], closes: [] });
    expect(daySpark([bar(0, 100)])).toEqual({ minutes: [], closes: [] });
  });

  it('draws each instant once, skipping bars without a close', () => {
    const broken = { ...bar(1, 0), close: Number.NaN };
    expect(daySpark([bar(2, 3), broken, bar(0, 1), bar(0, 1)])).toEqual({
      minutes: [0, 2],
      closes: [1, 3],
    });
  });
});
