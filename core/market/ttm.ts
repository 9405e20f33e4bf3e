import type {
  BalanceSheet,
  CashFlowStatement,
  FiscalPeriod,
  IncomeStatement,
  StatementByKind,
  StatementKind,
} from './types';

/**
 * Trailing twelve months (TTM). Flow items (income statement, cash-flow statement) are the sum of
 * the last four reported quarters; stock items (balance sheet) are the latest quarter, because a
 * balance sheet is a point-in-time position and summing positions is meaningless. Ratios and
 * per-share figures are not additive, so they are recomputed from the summed values.
 */

/** Quarters in a trailing twelve-month window. */
export const TTM_QUARTERS = 4;

/** Income-statement ratio fields, recomputed as field / revenue (FMP's definition of each). */
export const INCOME_RATIO_FIELDS = {
  grossProfitRatio: 'grossProfit',
  ebitdaratio: 'ebitda',
  operatingIncomeRatio: 'operatingIncome',
  incomeBeforeTaxRatio: 'incomeBeforeTax',
  netIncomeRatio: 'netIncome',
} as const satisfies Partial<Record<keyof IncomeStatement, keyof IncomeStatement>>;

/** Share counts: a weighted average over the year is the mean of the quarterly ones, not a sum. */
export const INCOME_SHARE_COUNT_FIELDS = [
  'weightedAverageShsOut',
  'weightedAverageShsOutDil',
] as const satisfies readonly (keyof IncomeStatement)[];

/** Per-share fields, recomputed as TTM net income / TTM weighted average shares (IAS 33 ¶10). */
export const INCOME_PER_SHARE_FIELDS = {
  eps: 'weightedAverageShsOut',
  epsdiluted: 'weightedAverageShsOutDil',
} as const satisfies Partial<Record<keyof IncomeStatement, keyof IncomeStatement>>;

/**
 * Cash-flow fields that are positions, not flows: the window opens with the oldest quarter's
 * opening cash and closes with the newest quarter's closing cash, so that
 * cashAtEndOfPeriod = cashAtBeginningOfPeriod + netChangeInCash still holds for the TTM item.
 */
export const CASH_FLOW_POSITION_FIELDS = [
  'cashAtBeginningOfPeriod',
  'cashAtEndOfPeriod',
] as const satisfies readonly (keyof CashFlowStatement)[];

/** Every numeric field of these statements that is summed is a flow; these are the exceptions. */
const INCOME_NON_FLOW_FIELDS: ReadonlySet<string> = new Set<string>([
  ...Object.keys(INCOME_RATIO_FIELDS),
  ...Object.keys(INCOME_PER_SHARE_FIELDS),
  ...INCOME_SHARE_COUNT_FIELDS,
]);
const CASH_FLOW_NON_FLOW_FIELDS: ReadonlySet<string> = new Set<string>(CASH_FLOW_POSITION_FIELDS);

interface QuarterLike {
  readonly date: string;
  readonly symbol: string;
  readonly reportedCurrency: string;
  readonly calendarYear: string;
  readonly period: FiscalPeriod;
}

const QUARTER_NUMBER: Partial<Record<FiscalPeriod, number>> = { Q1: 1, Q2: 2, Q3: 3, Q4: 4 };
const DAY_MS = 86_400_000;
/**
 * Bounds on the gap between consecutive quarter-end dates: 8 to 18 weeks covers 13-week quarters,
 * 52/53-week fiscal years and retailers' 16-week quarters, while rejecting a skipped quarter.
 */
const MIN_QUARTER_GAP_DAYS = 56;
const MAX_QUARTER_GAP_DAYS = 126;

function quarterEndMs(date: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : ms;
}

/** Whether `older` is the fiscal quarter immediately before `newer`. */
function isPreviousQuarter(newer: QuarterLike, older: QuarterLike): boolean {
  const newerQ = QUARTER_NUMBER[newer.period];
  const olderQ = QUARTER_NUMBER[older.period];
  const newerYear = Number(newer.calendarYear);
  const olderYear = Number(older.calendarYear);
  if (newerQ === undefined || olderQ === undefined) return false;
  if (!Number.isInteger(newerYear) || !Number.isInteger(olderYear)) return false;
  const expectedQ = newerQ === 1 ? 4 : newerQ - 1;
  const expectedYear = newerQ === 1 ? newerYear - 1 : newerYear;
  if (olderQ !== expectedQ || olderYear !== expectedYear) return false;
  if (newer.symbol !== older.symbol || newer.reportedCurrency !== older.reportedCurrency) {
    return false; // summing across companies or currencies is meaningless
  }
  const newerMs = quarterEndMs(newer.date);
  const olderMs = quarterEndMs(older.date);
  if (newerMs === undefined || olderMs === undefined) return false;
  const gapDays = (newerMs - olderMs) / DAY_MS;
  return gapDays >= MIN_QUARTER_GAP_DAYS && gapDays <= MAX_QUARTER_GAP_DAYS;
}

/**
 * The TTM window: the first four items of `quarters` (newest first) if they are four consecutive
 * fiscal quarters of the same company and currency, else undefined.
 */
export function lastFourQuarters<T extends QuarterLike>(
  quarters: readonly T[],
): readonly [T, T, T, T] | undefined {
  const [q0, q1, q2, q3] = quarters;
  if (q0 === undefined || q1 === undefined || q2 === undefined || q3 === undefined) {
    return undefined;
  }
  const window = [q0, q1, q2, q3] as const;
  for (let i = 1; i < window.length; i += 1) {
    const newer = window[i - 1];
    const older = window[i];
    if (newer === undefined || older === undefined || !isPreviousQuarter(newer, older)) {
      return undefined;
    }
  }
  return window;
}

/** FMP reports 0 (not null) for a ratio over zero revenue or shares; the field type is number. */
function safeDivide(numerator: number, denominator: number): number {
  const value = numerator / denominator;
  return denominator === 0 || !Number.isFinite(value) ? 0 : value;
}

/**
 * The income ratios (grossProfitRatio, …) of a statement's amounts, each as FMP defines it: the
 * amount over revenue, 0 without revenue. Also for providers whose statements no longer carry them.
 */
export function incomeRatios(
  amounts: Readonly<Partial<Record<string, number>>>,
): Record<keyof typeof INCOME_RATIO_FIELDS, number> {
  const revenue = amounts['revenue'] ?? 0;
  const ratios = {} as Record<keyof typeof INCOME_RATIO_FIELDS, number>;
  for (const [ratio, field] of Object.entries(INCOME_RATIO_FIELDS)) {
    ratios[ratio as keyof typeof INCOME_RATIO_FIELDS] = safeDivide(amounts[field] ?? 0, revenue);
  }
  return ratios;
}

function numericField(item: object, key: string): number {
  const value = (item as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : 0;
}

/** Sum every numeric field of the window except `nonFlow` ones. */
function sumFlows(window: readonly object[], nonFlow: ReadonlySet<string>): Record<string, number> {
  const [latest] = window;
  const sums: Record<string, number> = {};
  if (latest === undefined) return sums;
  for (const [key, value] of Object.entries(latest)) {
    if (typeof value !== 'number' || nonFlow.has(key)) continue;
    sums[key] = window.reduce((total, quarter) => total + numericField(quarter, key), 0);
  }
  return sums;
}

function mean(window: readonly object[], key: string): number {
  return window.reduce((total, quarter) => total + numericField(quarter, key), 0) / window.length;
}

/**
 * Earnings per share, the one rule every screen uses (the statements' EPS line and the key
 * statistics alike): net income over the period's weighted average shares outstanding (IAS 33
 * ¶10), not over today's share count. Null without shares.
 */
export function earningsPerShare(
  income: Pick<IncomeStatement, 'netIncome' | 'weightedAverageShsOut'>,
): number | null {
  const { netIncome, weightedAverageShsOut: shares } = income;
  if (!Number.isFinite(netIncome) || !Number.isFinite(shares) || shares === 0) return null;
  return netIncome / shares;
}

/**
 * TTM income statement: flows summed over the last four quarters, share counts averaged, margins
 * and EPS recomputed. Period 'TTM'; date, calendarYear and filing dates of the latest quarter.
 */
export function ttmIncomeStatement(
  quarters: readonly IncomeStatement[],
): IncomeStatement | undefined {
  const window = lastFourQuarters(quarters);
  if (window === undefined) return undefined;
  const [latest] = window;
  const values: Record<string, number> = sumFlows(window, INCOME_NON_FLOW_FIELDS);
  for (const key of INCOME_SHARE_COUNT_FIELDS) values[key] = mean(window, key);
  Object.assign(values, incomeRatios(values));
  for (const [perShare, shares] of Object.entries(INCOME_PER_SHARE_FIELDS)) {
    const perShareOf = {
      netIncome: values['netIncome'] ?? 0,
      weightedAverageShsOut: values[shares] ?? 0,
    };
    values[perShare] = earningsPerShare(perShareOf) ?? 0;
  }
  return { ...latest, ...values, period: 'TTM' };
}

/**
 * TTM cash-flow statement: flows summed over the last four quarters; opening cash of the oldest
 * quarter and closing cash of the newest. Period 'TTM'; date and calendarYear of the latest.
 */
export function ttmCashFlowStatement(
  quarters: readonly CashFlowStatement[],
): CashFlowStatement | undefined {
  const window = lastFourQuarters(quarters);
  if (window === undefined) return undefined;
  const [latest, , , oldest] = window;
  return {
    ...latest,
    ...sumFlows(window, CASH_FLOW_NON_FLOW_FIELDS),
    cashAtBeginningOfPeriod: oldest.cashAtBeginningOfPeriod,
    cashAtEndOfPeriod: latest.cashAtEndOfPeriod,
    period: 'TTM',
  };
}

/**
 * TTM balance sheet: the latest quarter relabelled 'TTM'. It requires the same four consecutive
 * quarters as the flow statements, so a TTM trio is either complete and consistent or absent.
 */
export function ttmBalanceSheet(quarters: readonly BalanceSheet[]): BalanceSheet | undefined {
  const window = lastFourQuarters(quarters);
  if (window === undefined) return undefined;
  return { ...window[0], period: 'TTM' };
}

const TTM_BUILDERS: {
  readonly [K in StatementKind]: (
    quarters: readonly StatementByKind[K][],
  ) => StatementByKind[K] | undefined;
} = { income: ttmIncomeStatement, balance: ttmBalanceSheet, cash: ttmCashFlowStatement };

/** The TTM item of one statement kind from its quarters (newest first), or undefined. */
export function ttmStatement<K extends StatementKind>(
  kind: K,
  quarters: readonly StatementByKind[K][],
): StatementByKind[K] | undefined {
  const build = TTM_BUILDERS[kind] as (
    items: readonly StatementByKind[K][],
  ) => StatementByKind[K] | undefined;
  return build(quarters);
}
