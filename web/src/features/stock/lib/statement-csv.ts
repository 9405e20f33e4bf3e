import { csvTable } from '@core/csv-cells';
import { displayDate, type IdentifiedStatement } from '@core/market/statements';
import type { StatementKind, StatementPeriod } from '@core/market/types';
import { lineValue, type StatementLine } from '../../../lib/statement-lines/statement-line';

/** '{symbol}-{kind}-{period}.csv', e.g. 'AAPL-income-annual.csv'. */
export const statementCsvFileName = (
  symbol: string,
  kind: StatementKind,
  period: StatementPeriod,
): string => `${symbol}-${kind}-${period}.csv`;

/**
 * The table as shown, as CSV: one column per period shown (TTM first where shown, headed by the
 * period-end date otherwise) and one row per line shown, with the raw numbers — not the M/B or %
 * display — so a spreadsheet can compute with them. A missing value is an empty cell.
 */
export function statementCsv(
  lines: readonly StatementLine[],
  items: readonly IdentifiedStatement[],
  currency: string,
): string {
  const header = [`Line item (${currency})`, ...items.map((item) => displayDate(item))];
  const body = lines.map((line) => [
    line.label,
    ...items.map((item) => lineValue(item, line.field)),
  ]);
  return csvTable(header, body);
}

/** Moved to shared code (the screener's export uses it too). */
export { downloadText } from '../../../lib/download-text';
