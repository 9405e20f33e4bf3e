import { describe, expect, it } from 'vitest';
import { bestOf, COMPARED_RATIOS } from './compare-ratios';

const best = (...args: Parameters<typeof bestOf>) => [...bestOf(...args)].sort();

describe('bestOf', () => {
  it('marks the highest, the lowest, or the lowest positive value', () => {
    expect(best([0.1, 0.3, 0.2], 'higher')).toEqual([1]);
    expect(best([1.5, 0, 0.7], 'lower')).toEqual([1]);
    expect(best([-4, 25, 12, 0], 'lowest-positive')).toEqual([2]);
  });

  it('marks every tied best value', () => {
    expect(best([3, 5, 5], 'higher')).toEqual([1, 2]);
    expect(best([8, 8], 'lowest-positive')).toEqual([0, 1]);
  });

  it('never marks a missing value, and marks nothing without two values to compare', () => {
    expect(best([null, 2, undefined, Number.NaN, 1], 'higher')).toEqual([1]);
    expect(best([null, 2], 'higher')).toEqual([]);
    expect(best([-3, 10], 'lowest-positive')).toEqual([]);
    expect(best([], 'lower')).toEqual([]);
  });
});

describe('COMPARED_RATIOS', () => {
  it('defines each ratio once, P/E the lowest positive', () => {
    const keys = COMPARED_RATIOS.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(COMPARED_RATIOS.find((r) => r.label === 'P/E')?.direction).toBe('lowest-positive');
    expect(COMPARED_RATIOS.find((r) => r.label === 'Debt / equity')?.direction).toBe('lower');
  });
});
