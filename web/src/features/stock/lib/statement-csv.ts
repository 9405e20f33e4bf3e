import Papa from 'papaparse';
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
  return Papa.unparse([header, ...body]);
}

/** Offers a text as a file download through the browser's own save flow. */
export function downloadText(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
