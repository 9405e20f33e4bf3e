import type { StatementKind } from '@core/market/types';
import { BALANCE_LINES } from './balance-lines';
import { CASH_LINES } from './cash-lines';
import { INCOME_LINES } from './income-lines';
import type { StatementLine } from './statement-line';

/** The rows of each statement table (and of its CSV export), in order. */
export const STATEMENT_LINES: Readonly<Record<StatementKind, readonly StatementLine[]>> = {
  income: INCOME_LINES,
  balance: BALANCE_LINES,
  cash: CASH_LINES,
};
