import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('seeded random', () => {
  it('repeats a sequence for the same seed and differs for another', () => {
    const a = createRandom('seed-a');
    const b = createRandom('seed-a');
    const c = createRandom('seed-b');
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });

  it('draws within the requested bounds', () => {
    const rng = createRandom('bounds');
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = rng.int(3, 7);
      expect(Number.isInteger(n) && n >= 3 && n <= 7).toBe(true);
      const f = rng.float(-2, 5);
      expect(f >= -2 && f < 5).toBe(true);
      const l = rng.logUniform(10, 1000);
      expect(l >= 10 && l <= 1000).toBe(true);
    }
  });

  it('is roughly uniform and its normals have mean 0 and sd 1', () => {
    const rng = createRandom('moments');
    const n = 20_000;
    const uniforms = Array.from({ length: n }, () => rng.next());
    const mean = uniforms.reduce((s, x) => s + x, 0) / n;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    const normals = Array.from({ length: n }, () => rng.normal());
    const m = normals.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(normals.reduce((s, x) => s + (x - m) ** 2, 0) / n);
    expect(Math.abs(m)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
  });

  it('picks by weight and forks independent named streams', () => {
    const rng = createRandom('weights');
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++) {
      counts[
        rng.weighted([
          ['a', 3],
          ['b', 1],
        ] as const)
      ] += 1;
    }
    expect(counts.a / 10_000).toBeGreaterThan(0.72);
    expect(counts.a / 10_000).toBeLessThan(0.78);
    // A fork depends only on the parent's seed and the label, not on draws made before.
    const parent = createRandom('parent');
    const before = parent.fork('child').next();
    parent.next();
    expect(parent.fork('child').next()).toBe(before);
    expect(parent.fork('other').next()).not.toBe(before);
    expect(() => rng.pick([])).toThrow();
  });
});
