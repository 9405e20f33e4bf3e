import { ttmBalanceSheet, ttmIncomeStatement } from './ttm';
import type { BalanceSheet, IncomeStatement } from './types';

/** A company's statements of one kind as stored: annual and quarterly, newest first. */
interface Periods<T> {
  readonly annual: readonly T[];
  readonly quarter: readonly T[];
}

/**
 * What a Shariah screen reads, whatever statements a company has: the latest balance sheet,
 * quarterly or annual (the newer), and the trailing year's income: the TTM of four consecutive
 * quarters, else the latest fiscal year (twelve months too). A company with annual sheets only,
 * or none, is still screened: the ratios its figures allow get a value and the others say what
 * is missing (core/market/shariah.ts), and a reviewer's inputs and override always show.
 */
export function shariahStatements(
  income: Periods<IncomeStatement> | undefined,
  balance: Periods<BalanceSheet> | undefined,
): { balance?: BalanceSheet; income?: IncomeStatement } {
  const sheet =
    ttmBalanceSheet(balance?.quarter ?? []) ?? newer(balance?.quarter[0], balance?.annual[0]);
  const year = ttmIncomeStatement(income?.quarter ?? []) ?? income?.annual[0];
  return { ...(sheet ? { balance: sheet } : {}), ...(year ? { income: year } : {}) };
}

function newer<T extends { readonly date: string }>(
  a: T | undefined,
  b: T | undefined,
): T | undefined {
  if (!a || !b) return a ?? b;
  return a.date >= b.date ? a : b;
}
