import Papa from 'papaparse';
import { displayDate, type IdentifiedStatement } from '../../../../core/market/statements';
import type { StatementKind } from '../../../../core/market/types';
import { lineValue, type StatementRow } from './statement-rows';

/**
 * The table as shown, as CSV: one column per period shown (TTM first where shown) and one row per
 * line, with the raw numbers (not the M/B display), so a spreadsheet can compute with them.
 */
export function statementCsv<K extends StatementKind>(
  rows: readonly StatementRow<K>[],
  items: readonly IdentifiedStatement<K>[],
  currency: string,
): string {
  const header = [`Line (${currency})`, ...items.map((item) => displayDate(item))];
  const body = rows.map((row) => [row.label, ...items.map((item) => lineValue(item, row.field))]);
  return Papa.unparse([header, ...body]);
}

/** Offers a text as a file download (the browser's own save flow). */
export function download(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
