import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { toSheetInput } from '../core/curation/sheet';
import {
  checkSheetCsvRow,
  SHEET_CSV_COLUMNS,
  sheetCsvRecord,
  sheetsByCompany,
} from '../core/curation/sheet-csv';
import { importCompanies, type CompanyImportResult } from '../core/curation/sheet-import';
import { STATEMENT_KINDS } from '../core/market/statements';
import { DEMO_ACCOUNTS } from '../infra/local/demo-accounts';
import { FIXED_DEMO_ANCHOR, DEFAULT_SEED, generateUniverse } from '../infra/local/demo/universe';
import { startLocalStack } from '../infra/local/stack';
import { signIn } from '../test/support/sign-in';
import type { Figure } from './figures';

const COMPANIES = 200;
const YEARS = 10;
/** The imported years lie before the demo's own, so every sheet is new and really written. */
const YEARS_BACK = 10;

const IMPORT = `mutation I($isin: ID!, $sheets: AWSJSON!) {
  importSheets(isin: $isin, sheets: $sheets) { added replaced unchanged } }`;

/**
 * The console's CSV import, as the console runs it, against the local product: a file of 200
 * companies × 10 years of annual income, balance and cash-flow sheets (6,000 rows) parsed with
 * papaparse, every row checked with core's rules, then sent company by company (each one
 * transaction) with the console's concurrency. Prints the time of each phase and rows per second.
 */
export async function benchSheetImport(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-bench-import-'));
  const stack = await startLocalStack({ port: 0, dataDir, spa: 'none', demoCount: COMPANIES });
  try {
    const universe = generateUniverse({
      seed: DEFAULT_SEED,
      count: COMPANIES,
      anchor: FIXED_DEMO_ANCHOR,
    });
    const records = universe.flatMap((company) =>
      STATEMENT_KINDS.flatMap((kind) =>
        company.annual[kind].slice(0, YEARS).map((statement) => {
          const sheet = toSheetInput(kind, company.profile.isin, statement as never);
          const year = sheet.year - YEARS_BACK;
          return sheetCsvRecord({ ...sheet, year, date: `${year}${sheet.date.slice(4)}` });
        }),
      ),
    );
    const csv = Papa.unparse(records, { columns: [...SHEET_CSV_COLUMNS] });

    const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
    const { idToken } = await signIn(
      { endpoint: stack.endpoints.identity, ...stack.pool, outbox: stack.outbox },
      admin.email,
      admin.password,
    );

    const parseStarted = performance.now();
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    const rows = parsed.data.map((row, i) => checkSheetCsvRow(row, i + 2));
    const parseMs = performance.now() - parseStarted;
    const invalid = rows.filter((row) => !row.ok).length;

    const send = async (isin: string, sheets: readonly unknown[]): Promise<CompanyImportResult> => {
      const response = await fetch(`${stack.url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: idToken },
        body: JSON.stringify({
          query: IMPORT,
          variables: { isin, sheets: JSON.stringify(sheets) },
        }),
      });
      const answer = (await response.json()) as {
        data?: { importSheets?: CompanyImportResult };
        errors?: { message: string }[];
      };
      if (!answer.data?.importSheets) throw new Error(answer.errors?.[0]?.message ?? 'no answer');
      return answer.data.importSheets;
    };
    let lastReported = 0;
    const importStarted = performance.now();
    const summary = await importCompanies(sheetsByCompany(rows), send, {
      onProgress: ({ companiesDone, companies }) => {
        // The console's progress bar; here a line every 25 companies.
        if (companiesDone - lastReported >= 25 || companiesDone === companies) {
          lastReported = companiesDone;
          console.log(`  import progress: ${companiesDone}/${companies} companies`);
        }
      },
    });
    const importMs = performance.now() - importStarted;
    const seconds = (parseMs + importMs) / 1000;
    return [
      {
        name: `CSV rows (${COMPANIES} companies × ${YEARS} years × 3)`,
        value: rows.length,
        unit: 'rows',
      },
      { name: 'CSV parse and check (papaparse + core rules)', value: parseMs, unit: 'ms' },
      { name: 'import, company by company', value: importMs / 1000, unit: 's' },
      { name: 'import rows per second (end to end)', value: rows.length / seconds, unit: 'rows/s' },
      {
        name: 'rows refused or companies failed',
        value: invalid + summary.failed.length,
        unit: 'rows',
        target: { op: '<=', value: 0 },
      },
      {
        name: 'sheets written',
        value: summary.added + summary.replaced,
        unit: 'sheets',
        target: { op: '>=', value: rows.length },
      },
    ];
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
