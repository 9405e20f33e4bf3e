import {
  SHARIAH_STANDARD_NAMES,
  SHARIAH_STANDARDS,
  type ShariahScreen,
  type ShariahStandard,
  type ShariahVerdict,
} from './shariah';

/** One row of the Analysis tab's Shariah comparison: a standard's verdict on each stock. */
export interface ShariahComparisonRow {
  readonly key: ShariahStandard | 'overall' | 'reviewer';
  readonly label: string;
  /** Per stock, in the order given; undefined when that stock has no screen or no such result. */
  readonly verdicts: readonly (ShariahVerdict | undefined)[];
}

/**
 * The stocks' Shariah verdicts side by side: the overall verdict, each standard's, and a
 * reviewer's override when any stock has one (shown beside the standards, never folded into
 * them, as on the stock page).
 */
export function shariahSideBySide(
  screens: readonly (ShariahScreen | null | undefined)[],
): ShariahComparisonRow[] {
  const rows: ShariahComparisonRow[] = [
    { key: 'overall', label: 'Overall', verdicts: screens.map((s) => s?.overall) },
    ...SHARIAH_STANDARDS.map((standard) => ({
      key: standard,
      label: SHARIAH_STANDARD_NAMES[standard],
      verdicts: screens.map((s) => s?.results.find((r) => r.standard === standard)?.verdict),
    })),
  ];
  if (screens.some((s) => s?.override))
    rows.push({
      key: 'reviewer',
      label: 'Reviewer’s verdict',
      verdicts: screens.map((s) => s?.override?.verdict),
    });
  return rows;
}
