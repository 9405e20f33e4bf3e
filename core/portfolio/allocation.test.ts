import { describe, expect, it } from 'vitest';
import type { ShariahStandard, ShariahVerdict } from '../market/shariah';
import { allocationBy, complianceByStandard, type SymbolFacts } from './allocation';

const holdings = [
  { symbol: 'AAA', value: 500 },
  { symbol: 'BBB', value: 300 },
  { symbol: 'CCC', value: 200 },
  { symbol: 'SOLD', value: 0 },
];
const facts: Record<string, SymbolFacts> = {
  AAA: { sector: 'Technology', country: 'US', currency: 'USD' },
  BBB: { sector: 'Technology', country: 'GB', currency: 'GBP' },
  CCC: { country: 'US', currency: 'USD' },
};

describe('allocationBy', () => {
  it('splits value by the key, largest first, an unknown key in its own slice', () => {
    expect(allocationBy('sector', holdings, (s) => facts[s])).toEqual([
      { label: 'Technology', value: 800, share: 0.8 },
      { label: 'unknown', value: 200, share: 0.2 },
    ]);
    expect(allocationBy('country', holdings, (s) => facts[s])).toEqual([
      { label: 'US', value: 700, share: 0.7 },
      { label: 'GB', value: 300, share: 0.3 },
    ]);
    expect(allocationBy('verdict', [{ symbol: 'ZZZ', value: 1 }], () => undefined)).toEqual([
      { label: 'unknown', value: 1, share: 1 },
    ]);
  });

  it('has no slices for a portfolio worth nothing', () => {
    expect(allocationBy('currency', [{ symbol: 'AAA', value: 0 }], (s) => facts[s])).toEqual([]);
  });
});

describe('complianceByStandard', () => {
  it('gives each standard the shares of value per verdict', () => {
    const verdicts: Partial<Record<ShariahStandard, Record<string, ShariahVerdict>>> = {
      aaoifi: { AAA: 'compliant', BBB: 'non-compliant', CCC: 'questionable' },
      msci: { AAA: 'compliant', BBB: 'compliant' },
    };
    const split = complianceByStandard(
      holdings,
      (symbol, standard) => verdicts[standard]?.[symbol],
    );
    expect(split.aaoifi).toEqual({
      compliant: 0.5,
      'non-compliant': 0.3,
      questionable: 0.2,
      unknown: 0,
    });
    expect(split.msci).toEqual({
      compliant: 0.8,
      'non-compliant': 0,
      questionable: 0,
      unknown: 0.2,
    });
    expect(split.djim).toEqual({ compliant: 0, 'non-compliant': 0, questionable: 0, unknown: 1 });
    expect(Object.keys(split)).toEqual(['aaoifi', 'sp', 'msci', 'ftse', 'djim', 'alrajhi']);
  });
});
