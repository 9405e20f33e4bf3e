import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, createRng, cyrb128, daySeed } from './random';

const draws = (seed: string, count: number, pick: 'next' | 'normal' = 'next'): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => rng[pick]());
};

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const variance = (values: readonly number[]) => {
  const m = mean(values);
  return values.reduce((s, v) => s + (v - m) ** 2, 0) / values.length;
};

describe('cyrb128', () => {
  it('hashes to four unsigned 32-bit words, deterministically', () => {
    const hash = cyrb128('AAPL|2025-01-02');
    expect(hash).toEqual(cyrb128('AAPL|2025-01-02'));
    for (const word of hash) {
      expect(Number.isInteger(word)).toBe(true);
      expect(word).toBeGreaterThanOrEqual(0);
      expect(word).toBeLessThan(2 ** 32);
    }
  });

  it('separates near-identical keys', () => {
    expect(cyrb128('AAPL|2025-01-02')).not.toEqual(cyrb128('AAPL|2025-01-03'));
    expect(cyrb128('AAPL|2025-01-02')).not.toEqual(cyrb128('AAPM|2025-01-02'));
  });
});

describe('createRng', () => {
  it('replays the same stream for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(draws(seed, 20)).toEqual(draws(seed, 20));
        expect(draws(seed, 5, 'normal')).toEqual(draws(seed, 5, 'normal'));
      }),
    );
  });

  it('gives different streams for different seeds', () => {
    expect(draws('MSFT|2025-01-02', 8)).not.toEqual(draws('MSFT|2025-01-03', 8));
    // Adjacent-day streams are not correlated.
    const a = draws('X|1', 5000);
    const b = draws('X|2', 5000);
    const ma = mean(a);
    const mb = mean(b);
    const cov = a.reduce((s, v, i) => s + (v - ma) * (b[i]! - mb), 0) / a.length;
    expect(Math.abs(cov / Math.sqrt(variance(a) * variance(b)))).toBeLessThan(0.05);
  });

  it('draws uniforms in [0, 1) with the right mean, variance and spread', () => {
    const values = draws('uniform', 100_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeCloseTo(0.5, 2);
    expect(variance(values)).toBeCloseTo(1 / 12, 2);
    // Chi-square over 20 buckets: 19 degrees of freedom, 99.9% quantile ≈ 43.8.
    const buckets = new Array<number>(20).fill(0);
    for (const v of values) buckets[Math.floor(v * 20)]! += 1;
    const expected = values.length / 20;
    const chi2 = buckets.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(43.8);
  });

  it('draws standard normals', () => {
    const values = draws('normal', 100_000, 'normal');
    expect(values.every(Number.isFinite)).toBe(true);
    expect(Math.abs(mean(values))).toBeLessThan(0.02);
    expect(variance(values)).toBeCloseTo(1, 1);
    const beyondTwoSigma = values.filter((v) => Math.abs(v) > 2).length / values.length;
    expect(beyondTwoSigma).toBeGreaterThan(0.04);
    expect(beyondTwoSigma).toBeLessThan(0.051);
  });

  it('keeps the first draw of many day seeds uniform (no seed bias)', () => {
    const first = Array.from({ length: 20_000 }, (_, day) => createRng(`AAPL|${day}`).next());
    expect(mean(first)).toBeCloseTo(0.5, 1);
    expect(variance(first)).toBeCloseTo(1 / 12, 2);
  });
});

describe('daySeed', () => {
  const base = cyrb128('AAPL');

  it('derives a distinct, reproducible stream per day and per stream', () => {
    expect(daySeed(base, 20_000)).toEqual(daySeed(base, 20_000));
    const seeds = new Set<string>();
    for (let day = -5000; day < 25_000; day += 1) {
      for (const stream of [0, 1]) seeds.add(daySeed(base, day, stream).join(','));
    }
    expect(seeds.size).toBe(60_000);
    expect(daySeed(cyrb128('MSFT'), 1)).not.toEqual(daySeed(base, 1));
  });

  it('gives uniform, uncorrelated first draws across consecutive days', () => {
    const first = Array.from({ length: 20_000 }, (_, day) => new Rng(daySeed(base, day)).next());
    expect(mean(first)).toBeCloseTo(0.5, 1);
    expect(variance(first)).toBeCloseTo(1 / 12, 2);
    const m = mean(first);
    let lag1 = 0;
    for (let i = 1; i < first.length; i += 1) lag1 += (first[i]! - m) * (first[i - 1]! - m);
    expect(Math.abs(lag1 / (first.length - 1) / variance(first))).toBeLessThan(0.03);
    const normals = Array.from({ length: 20_000 }, (_, day) =>
      new Rng(daySeed(base, day, 1)).normal(),
    );
    expect(Math.abs(mean(normals))).toBeLessThan(0.04);
    expect(variance(normals)).toBeCloseTo(1, 1);
  });
});
