import { useId, useState, type FormEvent } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_TEXT } from '@core/user-files';
import type { WatchlistImportAnswer } from '@core/watchlist-import';
import { WATCHLIST_NAME_MAX, type WatchlistView } from '@core/watchlists';
import { useWatchlistImport } from '../api/watchlist-import';
import { ScrollingTable } from '../../../components/ScrollingTable';

const NEW = 'new';
const baseName = (file: File) => file.name.replace(/\.[^.]*$/, '').slice(0, WATCHLIST_NAME_MAX);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What became of every row: added, already there, or not found (with its row number). */
function ImportResult({ answer }: { answer: WatchlistImportAnswer }) {
  const { watchlist, added, duplicates, unknown } = answer;
  return (
    <div className="watchlist-import-result">
      <p>
        Added {plural(added.length, 'stock')} to “{watchlist.name}”
        {duplicates.length > 0 &&
          `; ${plural(duplicates.length, 'row')} already in the list (${duplicates
            .map((d) => `row ${d.row}: ${d.symbol}`)
            .join(', ')})`}
        .
      </p>
      {unknown.length > 0 && (
        <ScrollingTable label="Symbols not found" className="data-table">
          <caption>
            {unknown.length === 1 ? '1 row was not found' : `${unknown.length} rows were not found`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {unknown.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </div>
  );
}

/**
 * "Import CSV": a file of symbols or ISINs (one per row, header optional) into a new list or an
 * editable one. The file goes straight to the user's folder in the bucket; the server reads it,
 * adds what it knows and reports every other row by number, never dropping one silently.
 */
export function WatchlistImport({
  lists,
  canCreate,
}: {
  lists: readonly WatchlistView[];
  /** Whether the plan allows another list. */
  canCreate: boolean;
}) {
  const id = useId();
  const editable = lists.filter((l) => !l.readOnly);
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<string>(canCreate ? NEW : (editable[0]?.id ?? NEW));
  const [name, setName] = useState('');
  const [progress, setProgress] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const importing = useWatchlistImport(setProgress);
  const into = target === NEW ? undefined : editable.find((l) => l.id === target);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return setRefusal(IMPORT_TOO_LARGE_TEXT);
    if (!/\.csv$/i.test(file.name)) return setRefusal('Choose a .csv file.');
    const listName = name.trim() || baseName(file);
    setProgress(0);
    importing.mutate({
      file,
      target: into
        ? { kind: 'existing', id: into.id, version: into.version }
        : { kind: 'new', name: listName },
    });
  };

  return (
    <section className="card watchlist-import" aria-labelledby={`${id}-title`}>
      {/* Not a heading: the lists' own h3s are the section's outline (and its order). */}
      <p id={`${id}-title`} className="watchlist-import-title">
        <strong>Import CSV</strong>
      </p>
      <p className="watchlist-note">
        One symbol or ISIN per row; a header row is optional. At most {IMPORT_MAX_BYTES / 1024} KB.
      </p>
      <form onSubmit={submit} className="watchlist-import-form">
        <label>
          CSV file{' '}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label>
          Import into{' '}
          <select value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={NEW} disabled={!canCreate}>
              A new list
            </option>
            {editable.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        {target === NEW && (
          <label>
            Name of the imported list{' '}
            <input
              value={name}
              maxLength={WATCHLIST_NAME_MAX}
              placeholder={file ? baseName(file) : ''}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
        )}
        <button
          type="submit"
          className="button primary"
          disabled={!file || importing.isPending || (target === NEW && !canCreate)}
        >
          Import CSV
        </button>
      </form>
      <div role="status" aria-live="polite">
        {importing.isPending && (
          <p>
            <progress max={1} value={progress} aria-label="Upload progress" />{' '}
            {progress < 1 ? 'Uploading…' : 'Checking the rows…'}
          </p>
        )}
        {importing.data && !importing.isPending && <ImportResult answer={importing.data} />}
      </div>
      {(refusal ?? importing.error) && (
        <p role="alert" className="watchlist-error">
          {refusal ?? importing.error?.message}
        </p>
      )}
    </section>
  );
}
