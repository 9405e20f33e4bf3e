/**
 * How a statement line is shown: amounts and share counts in the chosen unit (M or B), margins
 * as percentages, per-share values as they are (EPS in the reporting currency).
 */
export type LineFormat = 'amount' | 'shares' | 'ratio' | 'per-share';

export interface StatementLine<F extends string = string> {
  readonly field: F;
  readonly label: string;
  readonly format: LineFormat;
  /** Totals and subtotals are set in bold. */
  readonly total?: boolean;
}

export const amount = <F extends string>(
  field: F,
  label: string,
  total = false,
): StatementLine<F> => ({ field, label, format: 'amount', ...(total ? { total } : {}) });

/** A line's raw value on one statement item; null when the provider left it out. */
export function lineValue(item: object, field: string): number | null {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
