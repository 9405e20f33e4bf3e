import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { toSheetInput } from '../../core/curation/sheet';
import {
  checkSheetCsvRow,
  SHEET_CSV_COLUMNS,
  sheetCsvRecord,
  sheetsByCompany,
} from '../../core/curation/sheet-csv';

const companies = generateUniverse({ seed: 'sheet-csv', count: 2, anchor: FIXED_DEMO_ANCHOR });
const sheets = companies.flatMap((c) => [
  toSheetInput('income', c.profile.isin, c.annual.income[0]!),
  toSheetInput('balance', c.profile.isin, c.annual.balance[0]!),
  toSheetInput('cash', c.profile.isin, c.quarterly.cash[0]!),
]);

const parse = (csv: string) =>
  Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

describe('the sheet import CSV', () => {
  it('round-trips sheets of several companies and kinds through papaparse', () => {
    const csv = Papa.unparse(sheets.map(sheetCsvRecord), { columns: [...SHEET_CSV_COLUMNS] });
    const rows = parse(csv).map((row, i) => checkSheetCsvRow(row, i + 2));
    expect(rows.every((r) => r.ok)).toBe(true);
    const grouped = sheetsByCompany(rows);
    expect([...grouped.keys()]).toEqual(companies.map((c) => c.profile.isin));
    expect(grouped.get(companies[0]!.profile.isin)).toEqual(sheets.slice(0, 3));
  });

  it('reports each bad cell by column with what it was, and never guesses a number', () => {
    const record = sheetCsvRecord(sheets[0]!);
    const row = checkSheetCsvRow(
      { ...record, revenue: '1,234', totalAssets: '5', year: 'abc', extra: 'x' },
      7,
    );
    expect(row.ok).toBe(false);
    if (row.ok) return;
    expect(row.line).toBe(7);
    expect(row.errors).toEqual(
      expect.arrayContaining([
        'totalAssets: not a line of a income sheet; leave it empty',
        'extra: unknown column',
        'year: year must be a whole number (was "abc")',
        'revenue: revenue must be a number or null (was "1,234")',
      ]),
    );
  });

  it('takes an empty cell as a line not reported', () => {
    const row = checkSheetCsvRow(
      { ...sheetCsvRecord(sheets[0]!), otherExpenses: '', operatingExpenses: '' },
      2,
    );
    expect(row.ok).toBe(true);
  });
});
