import Papa from 'papaparse';
import { useId, useState } from 'react';
import {
  checkSheetCsvRow,
  SHEET_CSV_COLUMNS,
  SHEET_CSV_MAX_ROWS,
  sheetsByCompany,
  type SheetCsvRow,
} from '@core/curation/sheet-csv';
import {
  importCompanies,
  type ImportProgress,
  type ImportSummary,
} from '@core/curation/sheet-import';
import { importCompanySheets, useAfterImport } from '../api/sheets-api';
import { ScrollingTable } from '../../../components/ScrollingTable';

/** Largest file the screen reads: 20,000 rows of ~120 columns stay well below it. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Rows with errors listed in the preview before "and N more". */
const PREVIEW_ERRORS = 50;

type Stage =
  | { readonly kind: 'idle' }
  | { readonly kind: 'checked'; readonly fileName: string; readonly rows: readonly SheetCsvRow[] }
  | { readonly kind: 'importing'; readonly progress: ImportProgress }
  | { readonly kind: 'done'; readonly summary: ImportSummary }
  | { readonly kind: 'failed'; readonly message: string };

const templateHref = () =>
  `data:text/csv;charset=utf-8,${encodeURIComponent(Papa.unparse({ fields: [...SHEET_CSV_COLUMNS], data: [] }))}`;

/**
 * Bulk import of sheets from CSV, for one company or many: the file is parsed in the browser
 * (papaparse) and every row checked with core's rules (the dry run: each row with its errors),
 * then sent company by company, each all-or-nothing on the server, under a progress bar, and a
 * summary closes it.
 */
export function SheetImport() {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const ids = { title: useId(), file: useId(), status: useId() };
  const afterImport = useAfterImport();

  const read = (file: File) => {
    if (file.size > MAX_FILE_BYTES) {
      setStage({ kind: 'failed', message: `${file.name} is larger than 20 MB: split it.` });
      return;
    }
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        if (result.data.length > SHEET_CSV_MAX_ROWS) {
          setStage({
            kind: 'failed',
            message: `${file.name} has ${result.data.length} rows; one import takes at most ${SHEET_CSV_MAX_ROWS}.`,
          });
          return;
        }
        // Line 1 is the header: data row i is on line i + 2.
        const rows = result.data.map((row, i) => checkSheetCsvRow(row, i + 2));
        setStage({ kind: 'checked', fileName: file.name, rows });
      },
      error: (error) =>
        setStage({ kind: 'failed', message: `Could not read ${file.name}: ${error.message}` }),
    });
  };

  const run = async (rows: readonly SheetCsvRow[]) => {
    const companies = sheetsByCompany(rows);
    const sheets = [...companies.values()].reduce((n, list) => n + list.length, 0);
    setStage({
      kind: 'importing',
      progress: { companiesDone: 0, companies: companies.size, sheetsDone: 0, sheets },
    });
    const summary = await importCompanies(
      companies,
      (isin, list) => importCompanySheets(isin, list),
      {
        onProgress: (progress) => setStage({ kind: 'importing', progress }),
      },
    );
    // Even a partly failed import changed the companies that succeeded.
    await afterImport();
    setStage({ kind: 'done', summary });
  };

  return (
    <section className="sheet-import" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Import sheets from CSV</h2>
      <p className="muted">
        One row per sheet, for one company or many: the columns are the sheet&apos;s period (isin,
        sheetType, sheetDuration, year, quarter, date) and its line items; leave a line empty when
        it is not reported.{' '}
        <a href={templateHref()} download="sheets-template.csv">
          Download the template
        </a>
        . Each company is imported all or nothing.
      </p>
      <label htmlFor={ids.file}>CSV file</label>
      <input
        id={ids.file}
        type="file"
        accept=".csv,text/csv"
        disabled={stage.kind === 'importing'}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) read(file);
        }}
      />
      <div id={ids.status} role="status" aria-live="polite">
        {stage.kind === 'failed' ? <p className="admin-error">{stage.message}</p> : null}
        {stage.kind === 'checked' ? (
          <Preview stage={stage} onImport={(rows) => void run(rows)} />
        ) : null}
        {stage.kind === 'importing' ? (
          <div className="import-progress">
            <label>
              Importing: {stage.progress.companiesDone} of {stage.progress.companies} companies (
              {stage.progress.sheetsDone} of {stage.progress.sheets} sheets)
              <progress
                value={stage.progress.sheetsDone}
                max={Math.max(1, stage.progress.sheets)}
              />
            </label>
          </div>
        ) : null}
        {stage.kind === 'done' ? <Summary summary={stage.summary} /> : null}
      </div>
    </section>
  );
}

function Preview({
  stage,
  onImport,
}: {
  readonly stage: Extract<Stage, { kind: 'checked' }>;
  readonly onImport: (rows: readonly SheetCsvRow[]) => void;
}) {
  const bad = stage.rows.filter((row) => !row.ok);
  const good = stage.rows.length - bad.length;
  const companies = sheetsByCompany(stage.rows).size;
  return (
    <div className="import-preview">
      <p>
        {stage.fileName}: {stage.rows.length} rows checked — {good} ready for {companies}{' '}
        {companies === 1 ? 'company' : 'companies'}, {bad.length} with errors.
      </p>
      {bad.length > 0 ? (
        <>
          <ScrollingTable label="Rows with errors" className="data-table compact">
            <caption>Rows with errors (they are not imported)</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">ISIN</th>
                <th scope="col">Errors</th>
              </tr>
            </thead>
            <tbody>
              {bad.slice(0, PREVIEW_ERRORS).map((row) =>
                row.ok ? null : (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    <td>{row.isin || '—'}</td>
                    <td>
                      <ul>
                        {row.errors.map((error) => (
                          <li key={error}>{error}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </ScrollingTable>
          {bad.length > PREVIEW_ERRORS ? (
            <p>…and {bad.length - PREVIEW_ERRORS} more rows with errors.</p>
          ) : null}
        </>
      ) : null}
      {good > 0 ? (
        <button type="button" className="button primary" onClick={() => onImport(stage.rows)}>
          Import {good} {good === 1 ? 'sheet' : 'sheets'}
          {bad.length > 0 ? ' (skip the rows with errors)' : ''}
        </button>
      ) : null}
    </div>
  );
}

function Summary({ summary }: { readonly summary: ImportSummary }) {
  return (
    <div className="import-summary">
      <p className={summary.failed.length === 0 ? undefined : 'admin-error'}>
        Import finished: {summary.added} added, {summary.replaced} replaced, {summary.unchanged}{' '}
        unchanged across {summary.companies - summary.failed.length} of {summary.companies}{' '}
        companies.
      </p>
      {summary.failed.length > 0 ? (
        <>
          <p>These companies were left as they were:</p>
          <ul>
            {summary.failed.map((failure) => (
              <li key={failure.isin}>
                {failure.isin}: {failure.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
