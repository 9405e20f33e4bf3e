import type { IncomeStatement } from './types';

/**
 * Revenue and EPS growth as compound annual growth rates (the Analysis tab), from a
 * company's annual income statements.
 */

export const GROWTH_YEARS = [1, 3, 5] as const;
export type GrowthYears = (typeof GROWTH_YEARS)[number];

export const GROWTH_FIELDS = ['revenue', 'eps'] as const;
export type GrowthField = (typeof GROWTH_FIELDS)[number];

export const GROWTH_FIELD_LABELS: Readonly<Record<GrowthField, string>> = {
  revenue: 'Revenue',
  eps: 'EPS',
};

/**
 * (end / start)^(1 / years) − 1, as a fraction. Undefined when the base is zero or negative: a
 * rate from a loss (negative EPS) or from nothing has no meaning — a company going from −1 to 2
 * did not grow "−300%", and growth from 0 is infinite. Undefined too when the end is negative
 * (a fractional power of a negative number is not a real number) or an input is not finite.
 */
export function cagr(start: number, end: number, years: number): number | undefined {
  if (!Number.isFinite(start) || !Number.isFinite(end) || !(years > 0)) return undefined;
  if (start <= 0 || end < 0) return undefined;
  return (end / start) ** (1 / years) - 1;
}

type AnnualFigures = Pick<IncomeStatement, 'calendarYear' | 'period' | 'date'> &
  Pick<IncomeStatement, GrowthField>;

/**
 * The CAGR of a field over the last `years` fiscal years: the latest annual statement against the
 * one exactly `years` fiscal years earlier. TTM and quarterly items are skipped (they are not
 * fiscal years). Undefined when that earlier year is missing — a gap in the statements must not
 * silently stretch "3 years" over 4 — or the rate is undefined (see cagr).
 */
export function growthOf(
  statements: readonly AnnualFigures[],
  field: GrowthField,
  years: GrowthYears,
): number | undefined {
  const byYear = new Map<number, AnnualFigures>();
  for (const statement of statements) {
    if (statement.period !== 'FY') continue;
    const year = Number(statement.calendarYear);
    const known = byYear.get(year);
    // Two reports of one year (a restatement): the later period end wins.
    if (Number.isInteger(year) && (!known || statement.date > known.date))
      byYear.set(year, statement);
  }
  if (byYear.size === 0) return undefined;
  const latestYear = Math.max(...byYear.keys());
  const latest = byYear.get(latestYear)!;
  const base = byYear.get(latestYear - years);
  return base ? cagr(base[field], latest[field], years) : undefined;
}

/** How many annual statements the 5-year CAGR needs: the latest year and the one 5 years before. */
export const GROWTH_STATEMENTS_NEEDED = Math.max(...GROWTH_YEARS) + 1;
