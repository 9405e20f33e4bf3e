import { describe, expect, it } from 'vitest';
import { downsample, type LinePoint } from './downsample';

const flat = (count: number, spikeAt = -1): LinePoint[] =>
  Array.from({ length: count }, (_, i) => ({ x: i * 86_400_000, c: i === spikeAt ? 10_000 : 100 }));

describe('downsample (sparkline lttb)', () => {
  it('keeps the ends and the extremes within the budget', () => {
    const points = flat(10_000, 5_000);
    const sampled = downsample(points, 500);
    expect(sampled).toHaveLength(500);
    expect(sampled[0]).toBe(points[0]);
    expect(sampled.at(-1)).toBe(points.at(-1));
    expect(sampled.some((p) => p.c === 10_000)).toBe(true);
    expect(downsample(points.slice(0, 10), 500)).toHaveLength(10);
  });
});
