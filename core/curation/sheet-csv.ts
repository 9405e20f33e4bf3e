import { STATEMENT_KINDS } from '../market/statements';
import type { StatementKind } from '../market/types';
import { SHEET_LINE_FIELDS, sheetInputSchema, type SheetInput } from './sheet';

/**
 * The bulk-import CSV of statement sheets: one row per sheet, for one company or many. The first
 * columns are the §3 sheet payload; then every line item of every kind (a row leaves the lines of
 * other kinds empty). The console parses the file with papaparse and checks each row with this
 * module before anything is sent; the server validates again with the same schema.
 */
export const SHEET_CSV_PAYLOAD_COLUMNS = [
  'isin',
  'sheetType',
  'sheetDuration',
  'year',
  'quarter',
  'date',
] as const;

const lineColumns = [
  ...new Set(STATEMENT_KINDS.flatMap((kind) => SHEET_LINE_FIELDS[kind] as readonly string[])),
];

/** Every column of the file, in order (the template the console offers for download). */
export const SHEET_CSV_COLUMNS: readonly string[] = [...SHEET_CSV_PAYLOAD_COLUMNS, ...lineColumns];

/** Most rows one import takes: 200 companies × 10 years × 3 kinds with room to spare. */
export const SHEET_CSV_MAX_ROWS = 20_000;

/** One CSV row checked: the sheet it makes, or the messages that say what to fix (by column). */
export type SheetCsvRow =
  | { readonly line: number; readonly ok: true; readonly sheet: SheetInput }
  | { readonly line: number; readonly ok: false; readonly isin: string; readonly errors: string[] };

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A cell as a number: empty is null (the line is not reported, §5); anything else must be a
 * number. Thousands separators are refused rather than guessed: "1,234" means different things
 * in different locales.
 */
function cellNumber(value: string | undefined): number | null | string {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return NUMBER.test(text) ? Number(text) : text;
}

/**
 * A parsed row (column → cell text, as papaparse gives it with `header: true`) as a sheet input,
 * checked with core's sheet schema. `line` is the file's line number, for the messages.
 */
export function checkSheetCsvRow(
  row: Readonly<Record<string, string | undefined>>,
  line: number,
): SheetCsvRow {
  const isin = (row.isin ?? '').trim();
  const kind = (row.sheetType ?? '').trim() as StatementKind;
  const errors: string[] = [];
  const sheetDuration = (row.sheetDuration ?? '').trim();
  const candidate: Record<string, unknown> = {
    isin,
    sheetType: kind,
    sheetDuration,
    isAnnual: sheetDuration === 'annual',
    year: cellNumber(row.year),
    quarter: cellNumber(row.quarter),
    date: (row.date ?? '').trim(),
  };
  const ownLines = new Set<string>(STATEMENT_KINDS.includes(kind) ? SHEET_LINE_FIELDS[kind] : []);
  for (const column of lineColumns) {
    const value = cellNumber(row[column]);
    if (ownLines.has(column)) candidate[column] = value;
    else if (value !== null && STATEMENT_KINDS.includes(kind)) {
      errors.push(`${column}: not a line of a ${kind} sheet; leave it empty`);
    }
  }
  for (const column of Object.keys(row)) {
    if (column !== '' && !SHEET_CSV_COLUMNS.includes(column)) {
      errors.push(`${column}: unknown column`);
    }
  }
  const parsed = sheetInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = issue.path.join('.');
      const cell = column ? row[column] : undefined;
      errors.push(
        `${column || 'row'}: ${issue.message}${cell !== undefined && cell !== '' ? ` (was "${cell}")` : ''}`,
      );
    }
  }
  if (errors.length > 0 || !parsed.success) return { line, ok: false, isin, errors };
  return { line, ok: true, sheet: parsed.data };
}

/** The checked sheets grouped by company, in the order each company first appears. */
export function sheetsByCompany(rows: readonly SheetCsvRow[]): Map<string, SheetInput[]> {
  const companies = new Map<string, SheetInput[]>();
  for (const row of rows) {
    if (!row.ok) continue;
    const list = companies.get(row.sheet.isin) ?? [];
    list.push(row.sheet);
    companies.set(row.sheet.isin, list);
  }
  return companies;
}

/** A sheet as a CSV record (the export, and the bench's generated file). */
export function sheetCsvRecord(sheet: SheetInput): Record<string, string> {
  const record: Record<string, string> = {};
  const source = sheet as unknown as Record<string, unknown>;
  for (const column of SHEET_CSV_COLUMNS) {
    const value = source[column];
    record[column] = value === null || value === undefined ? '' : String(value);
  }
  return record;
}
