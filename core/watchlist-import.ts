import Papa from 'papaparse';
import { isValidIsin } from './isin';
import type { WatchlistView } from './watchlists';

/**
 * A watchlist imported from CSV: one symbol or ISIN per row (the first cell; more columns are
 * allowed and ignored), an optional header row. Every row is accounted for in the answer: added,
 * a duplicate (already in the list or earlier in the file), or unknown — never dropped silently.
 */

/** One non-empty row of the file: its line number (1-based, as a spreadsheet shows it) and value. */
export interface ImportRow {
  readonly row: number;
  readonly value: string;
}

export interface ImportedSymbolRow extends ImportRow {
  readonly symbol: string;
}

export interface WatchlistImportAnswer {
  readonly watchlist: WatchlistView;
  readonly added: readonly ImportedSymbolRow[];
  readonly duplicates: readonly ImportedSymbolRow[];
  readonly unknown: readonly ImportRow[];
}

const HEADER = /^(symbols?|tickers?|isins?|symbol\s*(or|\/)\s*isin|stocks?)$/i;
/** What a cell may hold to be looked up at all: a ticker's characters or an ISIN's. */
const LOOKUP = /^[A-Za-z0-9^][A-Za-z0-9.^-]{0,19}$/;

/**
 * The file's rows in order, the header (a first row naming the column) and blank rows left out.
 * A byte-order mark and surrounding spaces do not count.
 */
export function importRows(text: string): ImportRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows: ImportRow[] = [];
  parsed.data.forEach((cells, index) => {
    const value = (cells[0] ?? '').trim();
    if (value === '') return;
    if (index === 0 && HEADER.test(value)) return;
    rows.push({ row: index + 1, value });
  });
  return rows;
}

/** How a cell is looked up: as an ISIN, as a symbol, or not at all (it cannot be either). */
export function lookupOf(value: string): { isin: string } | { symbol: string } | undefined {
  const upper = value.toUpperCase();
  if (isValidIsin(upper)) return { isin: upper };
  return LOOKUP.test(value) ? { symbol: upper } : undefined;
}

/**
 * Sorts resolved rows into what to add and what is a duplicate: a symbol the list already holds,
 * or one an earlier row of the file named (by symbol or by ISIN). Unresolved rows are unknown.
 */
export function sortImport(
  rows: readonly (ImportRow & { readonly symbol: string | undefined })[],
  existing: readonly string[],
): Omit<WatchlistImportAnswer, 'watchlist'> {
  const seen = new Set(existing);
  const added: ImportedSymbolRow[] = [];
  const duplicates: ImportedSymbolRow[] = [];
  const unknown: ImportRow[] = [];
  for (const { row, value, symbol } of rows) {
    if (symbol === undefined) unknown.push({ row, value });
    else if (seen.has(symbol)) duplicates.push({ row, value, symbol });
    else {
      seen.add(symbol);
      added.push({ row, value, symbol });
    }
  }
  return { added, duplicates, unknown };
}
