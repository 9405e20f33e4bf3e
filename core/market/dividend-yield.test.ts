import { describe, expect, it } from 'vitest';
import { trailingDividendYield, trailingDividendYieldPercent } from './dividend-yield';

describe('trailingDividendYield', () => {
  it("is the last twelve months' dividends per share over the price", () => {
    expect(trailingDividendYield(2, 50)).toBeCloseTo(0.04, 12);
    expect(trailingDividendYieldPercent(2, 50)).toBeCloseTo(4, 12);
    expect(trailingDividendYield(0, 50)).toBe(0);
  });

  it('is null without a positive price or a dividend figure', () => {
    expect(trailingDividendYield(2, 0)).toBeNull();
    expect(trailingDividendYield(2, undefined)).toBeNull();
    expect(trailingDividendYield(null, 50)).toBeNull();
    expect(trailingDividendYieldPercent(Number.NaN, 50)).toBeNull();
  });
});
