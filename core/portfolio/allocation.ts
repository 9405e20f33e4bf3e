import { SHARIAH_STANDARDS, type ShariahStandard, type ShariahVerdict } from '../market/shariah';

/**
 * How a portfolio's value splits by sector, country, currency or Shariah verdict. Values come in
 * the portfolio currency (value-series.ts converts them); a holding whose key is unknown counts in
 * its own 'unknown' slice rather than disappearing, so the shares always add up to 1.
 */

export const ALLOCATION_KEYS = ['sector', 'country', 'currency', 'verdict'] as const;
export type AllocationKey = (typeof ALLOCATION_KEYS)[number];

/** What allocation needs to know of a symbol; any part may be unknown. */
export type SymbolFacts = Readonly<Partial<Record<AllocationKey, string>>>;

export interface HoldingValue {
  readonly symbol: string;
  /** Market value in the portfolio currency. */
  readonly value: number;
}

export interface Slice {
  /** The key's value ('Technology', 'US', 'USD', 'compliant'), or 'unknown'. */
  readonly label: string;
  readonly value: number;
  /** Of the portfolio's total value, 0..1. */
  readonly share: number;
}

export const UNKNOWN_SLICE = 'unknown';

/** Slices by `key`, largest first (ties by label); none for a portfolio worth nothing. */
export function allocationBy(
  key: AllocationKey,
  holdings: readonly HoldingValue[],
  factsOf: (symbol: string) => SymbolFacts | undefined,
): Slice[] {
  const sums = new Map<string, number>();
  let total = 0;
  for (const { symbol, value } of holdings) {
    if (!(value > 0)) continue;
    const label = factsOf(symbol)?.[key] || UNKNOWN_SLICE;
    sums.set(label, (sums.get(label) ?? 0) + value);
    total += value;
  }
  if (total <= 0) return [];
  return [...sums]
    .map(([label, value]) => ({ label, value, share: value / total }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** Shares of value Compliant / Questionable / Non-compliant (and not yet screened) under a standard. */
export type ComplianceSplit = Readonly<Record<ShariahVerdict | typeof UNKNOWN_SLICE, number>>;

/**
 * The portfolio's compliance split under each of the six standards. `verdictOf` is the verdict the
 * stock page shows under that standard (a reviewer's override included); undefined when the stock
 * has not been screened.
 */
export function complianceByStandard(
  holdings: readonly HoldingValue[],
  verdictOf: (symbol: string, standard: ShariahStandard) => ShariahVerdict | undefined,
): Record<ShariahStandard, ComplianceSplit> {
  const split = {} as Record<ShariahStandard, ComplianceSplit>;
  for (const standard of SHARIAH_STANDARDS) {
    const shares = { compliant: 0, questionable: 0, 'non-compliant': 0, [UNKNOWN_SLICE]: 0 };
    for (const slice of allocationBy('verdict', holdings, (symbol) => ({
      verdict: verdictOf(symbol, standard),
    }))) {
      shares[slice.label as keyof typeof shares] = slice.share;
    }
    split[standard] = shares;
  }
  return split;
}
