import type { StatFormat } from '../format';
import type { KeyMetricsTtm, RatiosTtm } from './ratios';

/**
 * Key TTM ratios side by side (the Analysis tab), each with the direction that makes a
 * value the best of the compared stocks, defined once here.
 */

/**
 * - higher: more is better (returns, margins, yield, liquidity).
 * - lower: less is better, zero included (debt/equity of a company without debt is the best).
 * - lowest-positive: a multiple of earnings or book value; the cheapest positive one is best.
 *   ratios.ts already answers null for a loss or negative equity, and a zero or negative
 *   multiple from any other source would mean the same, so it never counts as "cheapest".
 */
export type RatioDirection = 'higher' | 'lower' | 'lowest-positive';

export interface ComparedRatio {
  readonly key: string;
  readonly label: string;
  readonly format: StatFormat;
  readonly direction: RatioDirection;
  readonly value: (ratios: RatiosTtm, metrics: KeyMetricsTtm) => number | null;
}

/** The ratios the stock page's key statistics show, in the order an investor compares them. */
export const COMPARED_RATIOS: readonly ComparedRatio[] = [
  {
    key: 'pe',
    label: 'P/E',
    format: 'number',
    direction: 'lowest-positive',
    value: (r) => r.peRatioTTM,
  },
  {
    key: 'pb',
    label: 'P/B',
    format: 'number',
    direction: 'lowest-positive',
    value: (r) => r.priceToBookRatioTTM,
  },
  {
    key: 'ps',
    label: 'P/S',
    format: 'number',
    direction: 'lowest-positive',
    value: (r) => r.priceToSalesRatioTTM,
  },
  {
    key: 'evEbitda',
    label: 'EV/EBITDA',
    format: 'number',
    direction: 'lowest-positive',
    value: (_, m) => m.enterpriseValueOverEBITDATTM,
  },
  {
    key: 'dividendYield',
    label: 'Dividend yield',
    format: 'percent',
    direction: 'higher',
    value: (r) => r.dividendYielTTM,
  },
  {
    key: 'roe',
    label: 'Return on equity',
    format: 'percent',
    direction: 'higher',
    value: (r) => r.returnOnEquityTTM,
  },
  {
    key: 'roa',
    label: 'Return on assets',
    format: 'percent',
    direction: 'higher',
    value: (r) => r.returnOnAssetsTTM,
  },
  {
    key: 'grossMargin',
    label: 'Gross margin',
    format: 'percent',
    direction: 'higher',
    value: (r) => r.grossProfitMarginTTM,
  },
  {
    key: 'netMargin',
    label: 'Net margin',
    format: 'percent',
    direction: 'higher',
    value: (r) => r.netProfitMarginTTM,
  },
  {
    key: 'debtEquity',
    label: 'Debt / equity',
    format: 'number',
    direction: 'lower',
    value: (r) => r.debtEquityRatioTTM,
  },
  {
    key: 'currentRatio',
    label: 'Current ratio',
    format: 'number',
    direction: 'higher',
    value: (r) => r.currentRatioTTM,
  },
  {
    key: 'interestCoverage',
    label: 'Interest coverage',
    format: 'number',
    direction: 'higher',
    value: (r) => r.interestCoverageTTM,
  },
];

const usable = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * Which of `values` are the best by `direction`, as their positions. Ties share the mark; missing
 * values (null, undefined, not finite, or non-positive for lowest-positive) never win. A lone
 * value is not marked: it is the best of nothing, and marking it would suggest a comparison that
 * did not happen.
 */
export function bestOf(
  values: readonly (number | null | undefined)[],
  direction: RatioDirection,
): ReadonlySet<number> {
  const candidates = values
    .map((value, at) => ({ value, at }))
    .filter(
      (c): c is { value: number; at: number } =>
        usable(c.value) && (direction !== 'lowest-positive' || c.value > 0),
    );
  if (candidates.length < 2) return new Set();
  const pick = direction === 'higher' ? Math.max : Math.min;
  const best = pick(...candidates.map((c) => c.value));
  return new Set(candidates.filter((c) => c.value === best).map((c) => c.at));
}
