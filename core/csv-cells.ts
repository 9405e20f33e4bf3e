import Papa from 'papaparse';

/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell starting with = + - @, a tab or
 * a carriage return as a formula. Every text cell the product offers back as CSV goes through
 * here, so a company name such as `=HYPERLINK(...)` opens as text. Numbers stay numbers: a
 * negative figure is data, not a formula, and is written by the CSV writer itself.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the product writes it: a figure, a text, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * The one CSV writer of every table the product offers back (statements, screens, watchlists,
 * alerts): RFC 4180 with CRLF line ends, every cell neutralised, a missing value an empty cell.
 */
export const csvTable = (
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): string =>
  Papa.unparse(
    [header, ...rows].map((row) => row.map((cell) => neutraliseCsvCell(cell ?? ''))),
    { newline: '\r\n' },
  );
