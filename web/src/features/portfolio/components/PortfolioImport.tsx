import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Papa from 'papaparse';
import {
  DATE_FORMATS,
  guessMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_PRESETS,
  type ColumnMapping,
} from '@core/portfolio/csv-import';
import {
  PORTFOLIO_IMPORT_MAX_BYTES,
  PREVIEW_ROWS_MAX,
  type PortfolioImportAnswer,
  type PortfolioImportPreview,
  type PreviewRow,
} from '@core/portfolio/import-plan';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { useImportPreview, useImportRun, useImportUpload } from '../api/portfolio-import';
import {
  formOf,
  GUESSED,
  mappingFormSchema,
  mappingOf,
  presetById,
  type MappingForm,
} from '../lib/import-mapping-form';
import { transactionCells, TYPE_LABELS } from '../lib/transaction-cells';
import './portfolio-import.css';

export interface PortfolioImportProps {
  /** The portfolio the rows go into, and its version as the page read it (a 409 when stale). */
  readonly portfolioId: string;
  readonly version: number;
  /** Called once the rows are stored, with the portfolio at its new version. */
  readonly onImported?: (answer: PortfolioImportAnswer) => void;
}

const TOO_LARGE = `The file is too large: a portfolio import takes at most ${PORTFOLIO_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The file read in the browser: its header for the selects, and the guess from its first rows. */
interface PickedFile {
  readonly file: File;
  readonly header: readonly string[];
  readonly guess: MappingForm;
}

/** Rows the guess of the date format reads: enough to meet a day above 12. */
const GUESS_ROWS = 50;

/** The file's header and first rows, read in the browser (papaparse reads no more of it). */
function firstRows(file: File): Promise<string[][]> {
  return new Promise((resolve, reject) =>
    Papa.parse<string[]>(file, {
      preview: GUESS_ROWS + 1,
      skipEmptyLines: 'greedy',
      complete: (result) => resolve(result.data),
      error: reject,
    }),
  );
}

async function pick(file: File): Promise<PickedFile | string> {
  if (!/\.csv$/i.test(file.name)) return 'Choose a .csv file.';
  if (file.size > PORTFOLIO_IMPORT_MAX_BYTES) return TOO_LARGE;
  const [header = [], ...rows] = await firstRows(file);
  if (header.every((h) => h.trim() === ''))
    return 'The file is empty: its first row must name the columns.';
  const { mapping, preset } = guessMapping(header, rows);
  return { file, header, guess: formOf(mapping, header, preset ?? GUESSED) };
}

/**
 * A broker's CSV into a portfolio: pick the file (it goes straight to the user's folder in the
 * bucket), say which column holds what (prefilled from the header, or a broker's preset), see
 * every row as it will be stored and every row's problem before anything is saved, then import.
 * A file with errors imports only if the user chooses to leave those rows out.
 */
export function PortfolioImport({ portfolioId, version, onImported }: PortfolioImportProps) {
  const id = useId();
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [skipInvalidRows, setSkipInvalidRows] = useState(false);
  const [previewed, setPreviewed] = useState<ColumnMapping | null>(null);
  const upload = useImportUpload(setProgress);
  const preview = useImportPreview(portfolioId);
  const run = useImportRun(portfolioId);
  const form = useForm<MappingForm>({ resolver: zodResolver(mappingFormSchema) });
  const { register, handleSubmit, reset, setValue, formState } = form;

  const preset = useWatch({ control: form.control, name: 'preset' });
  // A preview shows what the mapping it was made with gives: a changed mapping needs a new one.
  const resetPreview = preview.reset;
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () => {
          setPreviewed(null);
          resetPreview();
        },
      }),
    [form, resetPreview],
  );

  const choose = async (file: File | undefined) => {
    setRefusal(null);
    setPicked(null);
    upload.reset();
    run.reset();
    if (!file) return;
    const result = await pick(file);
    if (typeof result === 'string') return setRefusal(result);
    setPicked(result);
    reset(result.guess);
    setProgress(0);
    upload.mutate(file);
  };

  const applyPreset = (presetId: string) => {
    const preset = presetById(presetId);
    const values = preset ? formOf(preset.mapping, picked?.header ?? [], preset.id) : picked?.guess;
    if (values) reset({ ...values, preset: presetId });
  };

  const showPreview = handleSubmit((values) => {
    if (!upload.data) return;
    const mapping = mappingOf(values);
    setSkipInvalidRows(false);
    preview.mutate({ uploadId: upload.data, mapping }, { onSuccess: () => setPreviewed(mapping) });
  });

  const importRows = () => {
    if (!upload.data || !previewed) return;
    run.mutate(
      { uploadId: upload.data, mapping: previewed, version, skipInvalidRows },
      { onSuccess: (answer) => onImported?.(answer) },
    );
  };

  const error = refusal ?? (upload.error ?? preview.error ?? run.error)?.message;
  const result = preview.data && previewed ? preview.data : undefined;

  return (
    <section className="card portfolio-import" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Import transactions from a CSV file</h3>
      <p className="portfolio-import-note">
        A broker’s export or this site’s own, at most {PORTFOLIO_IMPORT_MAX_BYTES / 1024 / 1024} MB.
        You will see every row before anything is saved; importing the same file again adds nothing
        twice.
      </p>
      <label className="portfolio-import-file">
        CSV file{' '}
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </label>
      <div role="status" aria-live="polite">
        {upload.isPending && (
          <p>
            <progress max={1} value={progress} aria-label="Upload progress" /> Uploading…
          </p>
        )}
        {run.data && !run.isPending && <ImportSummary answer={run.data} />}
      </div>
      {picked && !run.data && (
        <form onSubmit={(e) => void showPreview(e)} className="portfolio-import-mapping">
          <fieldset>
            <legend>Which column holds what</legend>
            <label>
              Broker’s format{' '}
              <select value={preset ?? GUESSED} onChange={(e) => applyPreset(e.target.value)}>
                <option value={GUESSED}>Guessed from the file’s first row</option>
                {IMPORT_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            {IMPORT_FIELDS.map((field) => {
              const message = formState.errors.columns?.[field]?.message;
              return (
                <div key={field} className="portfolio-import-field">
                  <label htmlFor={`${id}-${field}`}>{IMPORT_FIELD_LABELS[field]}</label>
                  <select
                    id={`${id}-${field}`}
                    {...register(`columns.${field}`, {
                      onChange: () => setValue('preset', GUESSED),
                    })}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-${field}-error` : undefined}
                  >
                    <option value="">Not in the file</option>
                    {picked.header.map((name, index) => (
                      <option key={`${index}-${name}`} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                  {message && (
                    <span id={`${id}-${field}-error`} className="portfolio-import-error">
                      {message}
                    </span>
                  )}
                </div>
              );
            })}
            <label>
              Dates are written{' '}
              <select {...register('dateFormat')}>
                {DATE_FORMATS.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </label>
          </fieldset>
          <button type="submit" className="button" disabled={!upload.data || preview.isPending}>
            Preview the rows
          </button>
        </form>
      )}
      {result && !run.data && (
        <Preview
          preview={result}
          skipInvalidRows={skipInvalidRows}
          onSkipInvalidRows={setSkipInvalidRows}
          importing={run.isPending}
          onImport={importRows}
        />
      )}
      {error && (
        <p role="alert" className="portfolio-import-error">
          {error}
        </p>
      )}
    </section>
  );
}

function ImportSummary({ answer }: { answer: PortfolioImportAnswer }) {
  return (
    <p className="portfolio-import-summary">
      {answer.added} added, {answer.alreadyThere} already there
      {answer.leftOut > 0 && `, ${plural(answer.leftOut, 'row')} with errors left out`}.
    </p>
  );
}

function Preview({
  preview,
  skipInvalidRows,
  onSkipInvalidRows,
  importing,
  onImport,
}: {
  preview: PortfolioImportPreview;
  skipInvalidRows: boolean;
  onSkipInvalidRows: (skip: boolean) => void;
  importing: boolean;
  onImport: () => void;
}) {
  const { rowCount, rows, errors, rowsWithErrors, fresh, alreadyThere } = preview;
  const blocked = rowsWithErrors > 0 && !skipInvalidRows;
  return (
    <div className="portfolio-import-preview">
      <p>
        {plural(rowCount, 'row')} in the file: {fresh} to add, {alreadyThere} already in the
        portfolio, {plural(rowsWithErrors, 'row')} with errors.
      </p>
      {errors.length > 0 && (
        <ScrollingTable label="Rows with errors" className="data-table">
          <caption>Rows with errors</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, index) => (
              <tr key={index}>
                <th scope="row">{e.row}</th>
                <td>{e.column ?? ''}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {rows.length > 0 && (
        <ScrollingTable label="Rows as they will be stored" className="data-table">
          <caption>
            Rows as they will be stored
            {rows.length < rowCount - rowsWithErrors &&
              ` (the first ${Math.min(rows.length, PREVIEW_ROWS_MAX)})`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Symbol</th>
              <th scope="col">Shares</th>
              <th scope="col">Price</th>
              <th scope="col">Fees</th>
              <th scope="col">Amount</th>
              <th scope="col">Tax withheld</th>
              <th scope="col">Currency</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <PreviewLine key={r.row} line={r} />
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {rowsWithErrors > 0 && (
        <label>
          <input
            type="checkbox"
            checked={skipInvalidRows}
            onChange={(e) => onSkipInvalidRows(e.target.checked)}
          />{' '}
          Leave out the {plural(rowsWithErrors, 'row')} with errors and import the rest
        </label>
      )}
      <button
        type="button"
        className="button primary"
        disabled={blocked || importing || fresh === 0}
        onClick={onImport}
      >
        Import {plural(fresh, 'transaction')}
      </button>
    </div>
  );
}

function PreviewLine({ line }: { line: PreviewRow }) {
  const t = line.transaction;
  const c = transactionCells(t);
  return (
    <tr>
      <th scope="row">{line.row}</th>
      <td>{t.date}</td>
      <td>{TYPE_LABELS[t.type]}</td>
      <td>{c.symbol}</td>
      <td>{t.type === 'split' ? `× ${c.ratio}` : c.quantity}</td>
      <td>{c.price}</td>
      <td>{c.fees}</td>
      <td>{c.amount}</td>
      <td>{c.tax}</td>
      <td>{c.currency}</td>
      <td>{line.alreadyThere ? 'Already there' : 'New'}</td>
    </tr>
  );
}
