import type { ChartPoint } from './chart-points';

/**
 * Weekday daily bars from `start` on a seeded random walk (tests and the bench need realistic
 * shapes — gaps at weekends, varied candles — without the API).
 */
export function syntheticDailyBars(
  count: number,
  start = new Date(1986, 0, 6),
  seed = 1,
): ChartPoint[] {
  let state = seed;
  const random = () => {
    // mulberry32: deterministic, so figures and assertions repeat.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const bars: ChartPoint[] = [];
  const day = new Date(start);
  let close = 100;
  while (bars.length < count) {
    if (day.getDay() !== 0 && day.getDay() !== 6) {
      const o = close;
      const c = Math.max(1, o * (1 + (random() - 0.5) * 0.04));
      const h = Math.max(o, c) * (1 + random() * 0.01);
      const l = Math.min(o, c) * (1 - random() * 0.01);
      bars.push({ x: day.getTime(), o, h, l, c, v: Math.round(1e6 * (0.5 + random())) });
      close = c;
    }
    day.setDate(day.getDate() + 1);
  }
  return bars;
}
