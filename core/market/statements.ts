import { STATEMENT_DEFAULT_LIMIT } from '../constants';
import type { StatementByKind, StatementKind, StatementPeriod } from './types';

/**
 * Financial statements of SPEC §3/§7: the three kinds, their collection names and asset-API paths,
 * statement items with the TTM display rule, and the admin sheet descriptor and payload.
 */

export const STATEMENT_KINDS = [
  'income',
  'balance',
  'cash',
] as const satisfies readonly StatementKind[];

/** §3: each kind's collection on a stock. */
export const STATEMENT_COLLECTIONS = {
  income: 'incomeStatements',
  balance: 'balanceSheets',
  cash: 'cashFlowStatements',
} as const satisfies Record<StatementKind, string>;
export type StatementCollectionName = (typeof STATEMENT_COLLECTIONS)[StatementKind];

/** §7: /stocks/statement/{symbol}/{path}, with the asset API's routes. */
export { STATEMENT_API_PATHS } from '../api/asset-routes';

/** Display names; the sheet label is '{title} - {id}'. */
export const STATEMENT_TITLES = {
  income: 'Income Statement',
  balance: 'Balance Sheet',
  cash: 'Cash Flow Statement',
} as const satisfies Record<StatementKind, string>;

/** What TTM items show instead of their date and year. */
export const TTM_LABEL = 'TTM';

/** §3: only income statements and cash-flow statements have TTM items (a balance is a snapshot). */
export const hasTtm = (kind: StatementKind): kind is 'income' | 'cash' => kind !== 'balance';

/** §3: annual items use quarter 0; quarterly items 1–4. */
export const ANNUAL_QUARTER = 0;

interface StatementItemBase {
  readonly id: string;
  /** Period end, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly year: number;
  readonly quarter: number;
  readonly isAnnual: boolean;
}

/** §3 statement item; isTTM exists on income and cash-flow items only. */
export type StatementItem<K extends StatementKind = StatementKind> = K extends 'balance'
  ? StatementItemBase
  : StatementItemBase & { readonly isTTM: boolean };

/** §3: a stock's statements, one collection per kind, each with items. */
export type StockStatements = {
  readonly [K in StatementKind as (typeof STATEMENT_COLLECTIONS)[K]]: {
    readonly items: readonly StatementItem<K>[];
  };
};

/** A provider statement with its §3 sheet identity: what the asset API returns per period. */
export type IdentifiedStatement<K extends StatementKind = StatementKind> = StatementByKind[K] &
  StatementItem<K>;

const quarterOfPeriod = (period: string): number =>
  /^Q[1-4]$/.test(period) ? Number(period.slice(1)) : ANNUAL_QUARTER;

/** A sheet's stable id: 'income-2025-FY' for an annual sheet, 'balance-2025-Q3' for a quarter. */
export const sheetId = (kind: StatementKind, year: number, quarter: number): string =>
  `${kind}-${year}-${quarter === ANNUAL_QUARTER ? 'FY' : `Q${quarter}`}`;

/** The kind, year and quarter a sheet id names; undefined for anything else (TTM ids included). */
export function parseSheetId(
  id: string,
): { kind: StatementKind; year: number; quarter: number } | undefined {
  const match = /^(income|balance|cash)-(\d{4})-(FY|Q[1-4])$/.exec(id);
  if (!match) return undefined;
  const [, kind, year, period] = match as unknown as [string, StatementKind, string, string];
  return { kind, year: Number(year), quarter: quarterOfPeriod(period) };
}

/**
 * §3 identity of a provider statement: year from calendarYear, quarter 0 for annual items, the
 * TTM flag on income and cash-flow items only, and a stable id ('income-2025-FY', 'cash-ttm').
 */
export function identifyStatement<K extends StatementKind>(
  kind: K,
  statement: StatementByKind[K],
): IdentifiedStatement<K> {
  const isTTM = statement.period === 'TTM';
  const isAnnual = statement.period === 'FY';
  const year = Number.parseInt(statement.calendarYear, 10);
  const quarter = quarterOfPeriod(statement.period);
  const id = isTTM ? `${kind}-ttm` : sheetId(kind, year, quarter);
  return {
    ...statement,
    id,
    year,
    quarter,
    isAnnual,
    ...(hasTtm(kind) ? { isTTM } : {}),
  } as IdentifiedStatement<K>;
}

type Displayable = Pick<StatementItemBase, 'date' | 'year'> & { readonly isTTM?: boolean };

/** §3: TTM items display their date as 'TTM'. */
export const displayDate = (item: Displayable): string => (item.isTTM ? TTM_LABEL : item.date);

/** §3: TTM items display their year as 'TTM'. */
export const displayYear = (item: Displayable): string =>
  item.isTTM ? TTM_LABEL : String(item.year);

type Sortable = Pick<StatementItemBase, 'year' | 'quarter'> & { readonly isTTM?: boolean };

/**
 * A number that orders sheets newest first when sorted descending: TTM above everything, then by
 * year, and within a year the annual sheet above Q4…Q1.
 */
export function sheetSortKey(item: Sortable): number {
  if (item.isTTM) return Number.POSITIVE_INFINITY;
  return item.year * 10 + (item.quarter === ANNUAL_QUARTER ? 5 : item.quarter);
}

const byKeyDescending = (a: number, b: number) => (a === b ? 0 : a > b ? -1 : 1);

/** Comparator for Array.prototype.sort: newest first, TTM first. */
export const compareSheetsNewestFirst = (a: Sortable, b: Sortable): number =>
  byKeyDescending(sheetSortKey(a), sheetSortKey(b));

/** §3 sheet descriptor: a row of the admin's sheet list. */
export interface SheetDescriptor {
  /** 'Income Statement - {id}'. */
  readonly Sheet: string;
  readonly Year: number | typeof TTM_LABEL;
  readonly Quarter: number;
  readonly id: string;
  readonly sheetType: StatementKind;
  readonly isTTM: boolean;
  readonly isAnnual: boolean;
}

export function sheetLabel(kind: StatementKind, id: string): string {
  return `${STATEMENT_TITLES[kind]} - ${id}`;
}

export function sheetDescriptor<K extends StatementKind>(
  kind: K,
  item: StatementItem<K>,
): SheetDescriptor {
  const isTTM = 'isTTM' in item && item.isTTM;
  return {
    Sheet: sheetLabel(kind, item.id),
    Year: isTTM ? TTM_LABEL : item.year,
    Quarter: item.quarter,
    id: item.id,
    sheetType: kind,
    isTTM,
    isAnnual: item.isAnnual,
  };
}

/** Every sheet of a stock as descriptors, newest first (TTM first). */
export function sheetDescriptors(statements: Partial<StockStatements>): SheetDescriptor[] {
  const rows: { readonly key: number; readonly row: SheetDescriptor }[] = [];
  for (const kind of STATEMENT_KINDS) {
    for (const item of statements[STATEMENT_COLLECTIONS[kind]]?.items ?? []) {
      rows.push({ key: sheetSortKey(item), row: sheetDescriptor(kind, item as StatementItem) });
    }
  }
  // Stable sort: within one period the kinds keep their income, balance, cash order.
  return rows.sort((a, b) => byKeyDescending(a.key, b.key)).map((r) => r.row);
}

export interface StatementRequest<K extends StatementKind = StatementKind> {
  /** The asset API endpoint (core/api/asset.ts), named like the kind's collection. */
  readonly endpoint: (typeof STATEMENT_COLLECTIONS)[K];
  readonly params: { readonly symbol: string };
  readonly query: { readonly period: StatementPeriod; readonly limit: string };
}

/** §7: /stocks/statement/{symbol}/{path} with period and limit (default 8). */
export function statementRequest<K extends StatementKind>(
  symbol: string,
  kind: K,
  period: StatementPeriod,
  limit: number = STATEMENT_DEFAULT_LIMIT,
): StatementRequest<K> {
  return {
    endpoint: STATEMENT_COLLECTIONS[kind],
    params: { symbol },
    query: { period, limit: String(limit) },
  };
}
