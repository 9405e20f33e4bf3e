import Papa from 'papaparse';
import * as z from 'zod';
import { transactionEntrySchema } from '../api/portfolios';
import { isValidIsin } from '../isin';
import type { TransactionEntry } from '../portfolios';
import { TRANSACTION_TYPES, type TransactionType } from './transactions';

/**
 * A broker's CSV into portfolio transactions: the user says which column holds what (a mapping,
 * guessed from the header row or taken from a preset), each row becomes a transaction or an error
 * in the user's words (row number as a spreadsheet shows it, the column's name as in the file, what
 * is wrong), and each transaction gets an import key that is the same whenever the same row is
 * imported again, so a file imported twice adds its rows once.
 */

/** What a column can hold. `amountCurrency`: the currency of Amount when it differs from Currency. */
export const IMPORT_FIELDS = [
  'date',
  'type',
  'symbol',
  'isin',
  'quantity',
  'price',
  'currency',
  'amount',
  'amountCurrency',
  'fees',
  'taxWithheld',
  'ratio',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What the mapping screen calls each field. */
export const IMPORT_FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  date: 'Date',
  type: 'Type of transaction',
  symbol: 'Symbol',
  isin: 'ISIN',
  quantity: 'Number of shares',
  price: 'Price per share',
  currency: 'Currency',
  amount: 'Amount of cash',
  amountCurrency: 'Currency of the amount',
  fees: 'Fees',
  taxWithheld: 'Tax withheld',
  ratio: 'Split ratio',
};

/** How the file writes its dates (a date and time is read by its date). */
export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const HEADER_MAX = 100;
const column = (field: ImportField) =>
  z
    .string(`columns.${field} must be a column name`)
    .min(1, `columns.${field} must not be empty`)
    .max(HEADER_MAX, `columns.${field} must be at most ${HEADER_MAX} characters`)
    .optional();

/** Which column (by its header text) holds each field; a field left out is not in the file. */
export const columnMappingSchema = z.strictObject({
  columns: z.strictObject(
    Object.fromEntries(IMPORT_FIELDS.map((f) => [f, column(f)])) as Record<
      ImportField,
      ReturnType<typeof column>
    >,
    'columns must be an object naming a column per field',
  ),
  dateFormat: z.enum(DATE_FORMATS, `dateFormat must be one of ${DATE_FORMATS.join(', ')}`),
});
export type ColumnMapping = z.output<typeof columnMappingSchema>;
export type ImportColumns = ColumnMapping['columns'];

export interface ImportPreset {
  readonly id: string;
  readonly name: string;
  readonly mapping: ColumnMapping;
}

/** The product's own export (export-csv.ts): an export imports back as the same transactions. */
export const PRODUCT_PRESET: ImportPreset = {
  id: 'stockscope',
  name: 'This site’s export',
  mapping: {
    columns: {
      date: 'Date',
      type: 'Type',
      symbol: 'Symbol',
      quantity: 'Quantity',
      price: 'Price',
      fees: 'Fees',
      amount: 'Amount',
      taxWithheld: 'Tax withheld',
      ratio: 'Split ratio',
      currency: 'Currency',
    },
    dateFormat: 'YYYY-MM-DD',
  },
};

/**
 * Trading 212's history export (Menu → History → Export). Its columns: Action, Time, ISIN, Ticker,
 * Name, No. of shares, Price / share, Currency (Price / share), Exchange rate, Result, Currency
 * (Result), Total, Currency (Total), Withholding tax, Currency (Withholding tax), then fee columns
 * (which depend on the account), Notes, ID. A trade is in its price's currency; Total is in the
 * account's currency, which is what a deposit or withdrawal moves. A dividend row gives the shares
 * and the gross dividend per share in the share's currency, with the tax withheld in it too, so the
 * cash received is read from those (see `dividendCash`). Its fee columns are in the account's
 * currency, not always the share's, so none is mapped: map one by hand where they agree.
 */
export const TRADING212_PRESET: ImportPreset = {
  id: 'trading212',
  name: 'Trading 212 history',
  mapping: {
    columns: {
      date: 'Time',
      type: 'Action',
      symbol: 'Ticker',
      isin: 'ISIN',
      quantity: 'No. of shares',
      price: 'Price / share',
      currency: 'Currency (Price / share)',
      amount: 'Total',
      amountCurrency: 'Currency (Total)',
      taxWithheld: 'Withholding tax',
    },
    dateFormat: 'YYYY-MM-DD',
  },
};

export const IMPORT_PRESETS: readonly ImportPreset[] = [PRODUCT_PRESET, TRADING212_PRESET];

/** Header words that name each field, for a file no preset fits. */
const SYNONYMS: Readonly<Record<ImportField, RegExp>> = {
  date: /^(date|time|trade ?date|transaction ?date|settle(ment)? ?date|date\/time)$/,
  type: /^(type|action|transaction ?type|activity|side|buy\/sell)$/,
  symbol: /^(symbol|ticker|instrument|stock)$/,
  isin: /^isin$/,
  quantity: /^(quantity|qty|shares|no\. of shares|units|number of shares)$/,
  price: /^(price|price ?\/ ?share|share ?price|unit ?price|price per share|trade ?price)$/,
  currency: /^(currency|ccy|currency \(price \/ share\)|price currency)$/,
  amount: /^(amount|total|net ?amount|value|cash)$/,
  amountCurrency: /^(currency \(total\)|amount currency|currency \(amount\))$/,
  fees: /^(fees?|commission|commissions|charges?|costs?)$/,
  taxWithheld: /^(tax ?withheld|withholding ?tax|tax)$/,
  ratio: /^(split ?ratio|ratio)$/,
};

const normalizeHeader = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The file's rows as cells, a byte-order mark and trailing blank lines left out. */
export function csvCells(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data.map((cells) => cells.map((c) => c ?? ''));
  while (rows.length > 0 && rows[rows.length - 1]!.every((c) => c.trim() === '')) rows.pop();
  return rows;
}

/** Where `name` is in the header (compared without case or extra spaces), or -1. */
const columnIndex = (header: readonly string[], name: string | undefined): number =>
  name === undefined ? -1 : header.findIndex((h) => normalizeHeader(h) === normalizeHeader(name));

/**
 * The mapping for a header row: the first preset whose every column the file has, otherwise each
 * field matched by its usual names (the first column that matches). The dates' format is guessed
 * from the rows given (a first part above 12 is a day; a second above 12 a month's day).
 */
export function guessMapping(
  header: readonly string[],
  rows: readonly (readonly string[])[] = [],
): { readonly mapping: ColumnMapping; readonly preset: string | undefined } {
  const preset = IMPORT_PRESETS.find((p) =>
    Object.values(p.mapping.columns).every((name) => columnIndex(header, name) >= 0),
  );
  const columns: Partial<Record<ImportField, string>> = {};
  if (preset) {
    for (const [field, name] of Object.entries(preset.mapping.columns)) {
      // The file's own spelling, so the mapping screen's selects show it.
      columns[field as ImportField] = header[columnIndex(header, name)];
    }
  } else {
    const taken = new Set<number>();
    for (const field of IMPORT_FIELDS) {
      const index = header.findIndex(
        (h, i) => !taken.has(i) && SYNONYMS[field].test(normalizeHeader(h)),
      );
      if (index >= 0) {
        taken.add(index);
        columns[field] = header[index];
      }
    }
  }
  const dateAt = columnIndex(header, columns.date);
  const dateFormat = dateAt < 0 ? 'YYYY-MM-DD' : guessDateFormat(rows.map((r) => r[dateAt] ?? ''));
  return { mapping: { columns, dateFormat }, preset: preset?.id };
}

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/;

export function guessDateFormat(values: readonly string[]): DateFormat {
  let dayFirst = false;
  let monthFirst = false;
  for (const value of values) {
    const m = SLASHED.exec(value.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (monthFirst && !dayFirst) return 'MM/DD/YYYY';
  if (dayFirst || values.some((v) => SLASHED.test(v.trim()))) return 'DD/MM/YYYY';
  return 'YYYY-MM-DD';
}

/** A date in the file's format as YYYY-MM-DD, or undefined when it is not one. */
export function importDate(value: string, format: DateFormat): string | undefined {
  const text = value.trim();
  let y: string, m: string, d: string;
  if (format === 'YYYY-MM-DD') {
    const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[ T])/.exec(text);
    if (!match) return undefined;
    [, y, m, d] = match as unknown as [string, string, string, string];
  } else {
    const match = SLASHED.exec(text);
    if (!match) return undefined;
    const [, a, b, year] = match as unknown as [string, string, string, string];
    [y, m, d] = format === 'DD/MM/YYYY' ? [year, b, a] : [year, a, b];
  }
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/**
 * A number as files write it: an optional sign, thousands separated by commas, a decimal point.
 * A sign is dropped by the caller where the type says the direction (a sale of -10 shares).
 */
export function importNumber(value: string): number | undefined {
  const text = value.trim().replace(/[\s\u00a0]/g, '');
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?$/.test(text) || !/\d/.test(text)) return undefined;
  const n = Number(text.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

/** What a type cell says, by the words brokers use (Trading 212's "Market buy", "Dividend (…)"). */
export function importType(value: string): TransactionType | undefined {
  const text = value.trim().toLowerCase();
  if ((TRANSACTION_TYPES as readonly string[]).includes(text)) return text as TransactionType;
  if (/\b(buy|bought|purchase)\b/.test(text)) return 'buy';
  if (/\b(sell|sold|sale)\b/.test(text)) return 'sell';
  if (/\bdividends?\b/.test(text)) return 'dividend';
  if (/\bsplit\b/.test(text)) return 'split';
  if (/\bdeposit\b/.test(text)) return 'deposit';
  if (/\bwithdrawal\b/.test(text)) return 'withdrawal';
  if (/\b(fees?|commission)\b/.test(text)) return 'fee';
  return undefined;
}

/** A problem with one row: its number as a spreadsheet shows it, the column as the file names it. */
export interface ImportRowError {
  readonly row: number;
  readonly column?: string;
  readonly message: string;
}

/** A row read into a transaction, its stock still named as the file names it. */
interface DraftRow {
  readonly row: number;
  readonly entry: Record<string, unknown> & { readonly type: TransactionType };
  /** The stock as the file names it: by ISIN first (a ticker may differ between markets). */
  readonly stock?: { readonly isin?: string; readonly symbol?: string };
}

export interface ParsedImport {
  readonly header: readonly string[];
  /** Rows with a value (the header and blank rows left out). */
  readonly rowCount: number;
  readonly drafts: readonly DraftRow[];
  readonly errors: readonly ImportRowError[];
}

const needsStock = (type: TransactionType) =>
  type === 'buy' || type === 'sell' || type === 'dividend' || type === 'split';
/** A fee may name the holding it was charged on; cash moves name none. */
const takesStock = (type: TransactionType) => needsStock(type) || type === 'fee';
const round = (n: number) => Math.round(n * 1e8) / 1e8;

/**
 * The file's rows read with the mapping: each a draft transaction or its errors (every problem of
 * the row, so one pass over the file lists them all). Stocks are resolved afterwards
 * (`resolveImport`), as that needs the product's listings.
 */
export function parseImport(text: string, mapping: ColumnMapping): ParsedImport {
  const [header = [], ...body] = csvCells(text);
  const at = Object.fromEntries(
    IMPORT_FIELDS.map((f) => [f, columnIndex(header, mapping.columns[f])]),
  ) as Record<ImportField, number>;
  const errors: ImportRowError[] = [];
  for (const field of IMPORT_FIELDS) {
    const name = mapping.columns[field];
    if (name !== undefined && at[field] < 0) {
      errors.push({
        row: 1,
        column: name,
        message: `The file has no column “${name}” (chosen for ${IMPORT_FIELD_LABELS[field]}).`,
      });
    }
  }
  if (errors.length > 0) return { header, rowCount: 0, drafts: [], errors };

  const drafts: DraftRow[] = [];
  let rowCount = 0;
  body.forEach((cells, index) => {
    if (cells.every((c) => c.trim() === '')) return;
    rowCount += 1;
    const row = index + 2;
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportField | undefined, message: string) =>
      rowErrors.push({
        row,
        ...(field && mapping.columns[field] ? { column: header[at[field]] } : {}),
        message,
      });
    const cell = (field: ImportField) => (at[field] < 0 ? '' : (cells[at[field]] ?? '').trim());
    const needed = (field: ImportField, what: string): string | undefined => {
      const value = cell(field);
      if (value !== '') return value;
      fail(
        field,
        at[field] < 0
          ? `${what} needs ${IMPORT_FIELD_LABELS[field]}, and no column is chosen for it.`
          : `${what} needs ${IMPORT_FIELD_LABELS[field]}, and this cell is empty.`,
      );
      return undefined;
    };
    const number = (field: ImportField, what: string, optional = false) => {
      const value = optional ? cell(field) || undefined : needed(field, what);
      if (value === undefined) return undefined;
      const n = importNumber(value);
      if (n === undefined) fail(field, `“${value}” is not a number.`);
      return n === undefined ? undefined : Math.abs(n);
    };

    const typeCell = needed('type', 'Every row');
    const type = typeCell === undefined ? undefined : importType(typeCell);
    if (typeCell !== undefined && type === undefined) {
      fail(
        'type',
        `“${typeCell}” is not a kind of transaction a portfolio keeps (buy, sell, dividend, split, fee, deposit, withdrawal).`,
      );
    }
    const dateCell = needed('date', 'Every row');
    const date = dateCell === undefined ? undefined : importDate(dateCell, mapping.dateFormat);
    if (dateCell !== undefined && date === undefined) {
      fail('date', `“${dateCell}” is not a date written ${mapping.dateFormat}.`);
    }
    if (type === undefined) {
      errors.push(...rowErrors);
      return;
    }
    const what = `A ${type}`;
    const isin = cell('isin').toUpperCase();
    const symbol = cell('symbol').toUpperCase();
    if (isin !== '' && !isValidIsin(isin)) fail('isin', `“${isin}” is not an ISIN.`);
    const stock = {
      ...(isin !== '' && isValidIsin(isin) ? { isin } : {}),
      ...(symbol !== '' ? { symbol } : {}),
    };
    if (needsStock(type) && isin === '' && symbol === '') {
      fail(at.symbol >= 0 || at.isin < 0 ? 'symbol' : 'isin', `${what} needs the stock’s symbol.`);
    }
    const currency = () => needed('currency', what)?.toUpperCase();
    const amountCurrency = () =>
      cell('amountCurrency') !== '' ? cell('amountCurrency').toUpperCase() : currency();

    const entry: Record<string, unknown> = { type, date };
    switch (type) {
      case 'buy':
      case 'sell':
        entry.quantity = number('quantity', what);
        entry.price = number('price', what);
        entry.fees = number('fees', what, true) ?? 0;
        entry.currency = currency();
        break;
      case 'dividend': {
        const tax = number('taxWithheld', what, true) ?? 0;
        entry.taxWithheld = tax;
        const cash = dividendCash(cell('quantity'), cell('price'), tax);
        if (cash !== undefined) {
          entry.amount = cash;
          entry.currency = currency();
        } else {
          entry.amount = number('amount', what);
          entry.currency = amountCurrency();
        }
        break;
      }
      case 'split':
        entry.ratio = number('ratio', what);
        break;
      default:
        entry.amount = number('amount', what);
        entry.currency = amountCurrency();
    }
    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    drafts.push({
      row,
      entry: entry as DraftRow['entry'],
      ...(needsStock(type) || (takesStock(type) && Object.keys(stock).length > 0) ? { stock } : {}),
    });
  });
  return { header, rowCount, drafts, errors };
}

/**
 * The cash a dividend row brought when it gives shares and a gross dividend per share (a
 * broker's usual dividend line): shares × per share − tax withheld. Undefined when it gives
 * neither, and the Amount column says the cash.
 */
function dividendCash(shares: string, perShare: string, tax: number): number | undefined {
  const q = importNumber(shares);
  const p = importNumber(perShare);
  if (q === undefined || p === undefined) return undefined;
  return Math.max(0, round(Math.abs(q) * Math.abs(p) - tax));
}

/** The ISINs and symbols a parsed file names, for the caller to look up. */
export function stocksNamed(parsed: ParsedImport): {
  readonly isins: readonly string[];
  readonly symbols: readonly string[];
} {
  const isins = new Set<string>();
  const symbols = new Set<string>();
  for (const { stock } of parsed.drafts) {
    if (stock?.isin) isins.add(stock.isin);
    else if (stock?.symbol) symbols.add(stock.symbol);
  }
  return { isins: [...isins], symbols: [...symbols] };
}

/** One row of the file as a transaction to add, with its import key. */
export interface ImportedRow {
  readonly row: number;
  readonly entry: TransactionEntry & { readonly importKey: string };
}

export interface ResolvedImport {
  readonly rowCount: number;
  /** In the file's order. */
  readonly rows: readonly ImportedRow[];
  /** By row, then in the order found. */
  readonly errors: readonly ImportRowError[];
}

/**
 * The drafts with their stocks resolved (`listed`: the product's symbol for each ISIN and symbol
 * it knows), checked against the transaction's own rules, and keyed. A stock the product does not
 * list is the row's error: its holdings could be neither valued nor screened.
 */
export async function resolveImport(
  parsed: ParsedImport,
  mapping: ColumnMapping,
  listed: {
    readonly byIsin: ReadonlyMap<string, string>;
    readonly bySymbol: ReadonlyMap<string, string>;
  },
): Promise<ResolvedImport> {
  const errors = [...parsed.errors];
  const good: { row: number; entry: TransactionEntry }[] = [];
  const columnOf = (field: ImportField) => {
    const name = mapping.columns[field];
    const index = columnIndex(parsed.header, name);
    return index < 0 ? undefined : parsed.header[index];
  };
  for (const draft of parsed.drafts) {
    const entry: Record<string, unknown> = { ...draft.entry };
    if (draft.stock) {
      const { isin, symbol } = draft.stock;
      const found =
        (isin && listed.byIsin.get(isin)) || (symbol && listed.bySymbol.get(symbol)) || undefined;
      if (found === undefined) {
        const by = isin ? 'isin' : 'symbol';
        errors.push({
          row: draft.row,
          ...(columnOf(by) ? { column: columnOf(by) } : {}),
          message: `No stock listed here has the ${by === 'isin' ? 'ISIN' : 'symbol'} “${isin ?? symbol}”.`,
        });
        continue;
      }
      entry.symbol = found;
    }
    const checked = transactionEntrySchema.safeParse(entry);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOfEntry(String(issue.path[0] ?? ''));
        errors.push({
          row: draft.row,
          ...(field && columnOf(field) ? { column: columnOf(field) } : {}),
          message: field ? issue.message.replace(field, IMPORT_FIELD_LABELS[field]) : issue.message,
        });
      }
      continue;
    }
    good.push({ row: draft.row, entry: checked.data });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rowCount: parsed.rowCount, rows: await withImportKeys(good), errors };
}

/** The column a transaction's field came from (the dividend's currency may be Amount's). */
const fieldOfEntry = (key: string): ImportField | undefined =>
  (IMPORT_FIELDS as readonly string[]).includes(key) ? (key as ImportField) : undefined;

/** The content of a transaction in a fixed order, whatever the order of its fields. */
const canonical = (entry: TransactionEntry): string =>
  JSON.stringify(
    Object.keys(entry)
      .filter((k) => k !== 'importKey')
      .sort()
      .map((k) => [k, (entry as Record<string, unknown>)[k]]),
  );

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * Each row's import key: a hash of the transaction it reads as (not of its cells, so the same
 * trade from a re-export, or with a column mapped again, is the same key), and how many identical
 * rows came before it in the file, so two genuinely identical trades of one day both import once.
 */
export async function withImportKeys(
  rows: readonly { readonly row: number; readonly entry: TransactionEntry }[],
): Promise<ImportedRow[]> {
  const seen = new Map<string, number>();
  return Promise.all(
    rows.map(async ({ row, entry }) => {
      const content = canonical(entry);
      const occurrence = seen.get(content) ?? 0;
      seen.set(content, occurrence + 1);
      const digest = await globalThis.crypto.subtle.digest(
        'SHA-256',
        new TextEncoder().encode(content),
      );
      const hash = base64url(new Uint8Array(digest)).slice(0, 32);
      return { row, entry: { ...entry, importKey: `csv:${hash}:${occurrence}` } };
    }),
  );
}
