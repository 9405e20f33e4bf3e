import type { PortfolioView, StoredTransaction, TransactionEntry } from '../portfolios';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ColumnMapping,
  type ImportField,
  type ImportRowError,
  type ImportedRow,
  type ResolvedImport,
} from './csv-import';
import { replayLedger } from './holdings';
import type { Transaction } from './transactions';

/**
 * What an import of a read file into a portfolio would do, before anything is saved: which rows
 * are new, which the portfolio already holds (by import key), and which the portfolio could not
 * take (the ledger's problems, such as a sale of shares not held, added to the file's own errors).
 * The preview shows it; the import adds exactly its new rows.
 */

/** A broker's history of years is thousands of rows (Trading 212: about 180 bytes a row). */
export const PORTFOLIO_IMPORT_MAX_BYTES = 1024 * 1024;
export const PORTFOLIO_IMPORT_MAX_ROWS = 5_000;
/** Rows a preview shows; the counts and the errors cover the whole file. */
export const PREVIEW_ROWS_MAX = 200;

export interface PreviewRow {
  readonly row: number;
  readonly transaction: TransactionEntry;
  /** The portfolio holds it already (an earlier import of the same row). */
  readonly alreadyThere: boolean;
}

export interface PortfolioImportPreview {
  /** Rows with a value (the header and blank rows left out). */
  readonly rowCount: number;
  /** The first `PREVIEW_ROWS_MAX` rows read into transactions, in the file's order. */
  readonly rows: readonly PreviewRow[];
  /** Every problem of the file, by row. */
  readonly errors: readonly ImportRowError[];
  /** How many rows have an error (a row may have several). */
  readonly rowsWithErrors: number;
  /** Rows an import would add, and rows the portfolio holds already. */
  readonly fresh: number;
  readonly alreadyThere: number;
}

export interface PortfolioImportAnswer {
  readonly portfolio: PortfolioView;
  readonly added: number;
  readonly alreadyThere: number;
  /** Rows with an error left out at the user's request. */
  readonly leftOut: number;
}

export interface ImportPlan {
  readonly preview: PortfolioImportPreview;
  /** What to add: the new rows the portfolio can take, in the file's order. */
  readonly entries: readonly ImportedRow['entry'][];
}

/** What the user sees when they import a file with errors without choosing to leave them out. */
export const importHasErrorsText = (rows: number): string =>
  `${rows === 1 ? '1 row' : `${rows} rows`} of the file ${rows === 1 ? 'has an error' : 'have errors'}: fix the file, or choose to leave ${rows === 1 ? 'it' : 'them'} out.`;

export const IMPORT_MAPPING_BROKEN_TEXT =
  'The columns chosen are not all in the file: choose them again.';

/**
 * The plan of importing `file` (read and resolved) into a portfolio holding `existing`: rows whose
 * key the portfolio holds are already there; the others are replayed after the portfolio's
 * transactions, and a row the ledger cannot take is an error of that row, in the column it came
 * from.
 */
export function importPlan(
  file: ResolvedImport,
  mapping: ColumnMapping,
  existing: readonly StoredTransaction[],
): ImportPlan {
  const held = new Set(existing.map((t) => t.importKey).filter(Boolean));
  const fresh = file.rows.filter((r) => !held.has(r.entry.importKey));
  const { problems } = replayLedger([
    ...existing,
    ...fresh.map((r) => ({ ...r.entry, id: 'new' }) as Transaction),
  ]);
  const errors = [...file.errors];
  const refused = new Set<number>();
  for (const problem of problems) {
    const at = fresh[problem.index - existing.length];
    // A stored transaction the import does not touch always replays: it did when it was stored.
    if (!at) continue;
    refused.add(at.row);
    const field = (IMPORT_FIELDS as readonly string[]).includes(problem.field)
      ? (problem.field as ImportField)
      : undefined;
    const column = field && mapping.columns[field];
    errors.push({
      row: at.row,
      ...(column ? { column } : {}),
      message: ledgerText(problem.message, field),
    });
  }
  errors.sort((a, b) => a.row - b.row);
  const entries = fresh.filter((r) => !refused.has(r.row)).map((r) => r.entry);
  return {
    entries,
    preview: {
      rowCount: file.rowCount,
      rows: file.rows.slice(0, PREVIEW_ROWS_MAX).map(({ row, entry }) => {
        const { importKey, ...transaction } = entry;
        return {
          row,
          transaction: transaction as TransactionEntry,
          alreadyThere: held.has(importKey),
        };
      }),
      errors,
      rowsWithErrors: new Set(errors.map((e) => e.row)).size,
      fresh: entries.length,
      alreadyThere: file.rows.length - fresh.length,
    },
  };
}

/** The ledger's words for a row: its field named as the mapping screen names it. */
function ledgerText(message: string, field: ImportField | undefined): string {
  const text =
    field && message.startsWith(field)
      ? `${IMPORT_FIELD_LABELS[field]}${message.slice(field.length)}`
      : `It ${message}`;
  return text.endsWith('.') ? text : `${text}.`;
}
