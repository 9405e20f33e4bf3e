import * as z from 'zod';
import type {
  BalanceSheet,
  CashFlowStatement,
  IncomeStatement,
  StatementByKind,
  StatementKind,
} from '../../../core/market/types';
import {
  BALANCE_AMOUNT_FIELDS,
  CASH_AMOUNT_FIELDS,
  INCOME_AMOUNT_FIELDS,
} from '../../../core/market/statement-fields';

/**
 * Schemas of FMP's statement endpoints (/v3/income-statement, /v3/balance-sheet-statement,
 * /v3/cash-flow-statement). Unknown fields (cik, link, …) are accepted and dropped, so what we
 * store is exactly core's shape. FMP sends null for a line a filing does not report; amounts map
 * null to 0 (the line is absent, i.e. contributes nothing), which keeps core's sums and ratios
 * defined. A wrong type (a string amount, a missing field) still fails the company.
 */

/** null → 0, see above. */
const amount = z
  .number()
  .finite()
  .nullable()
  .transform((value) => value ?? 0);

function amounts<const K extends string>(keys: readonly K[]): { [P in K]: typeof amount } {
  return Object.fromEntries(keys.map((key) => [key, amount])) as { [P in K]: typeof amount };
}

const base = {
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  symbol: z.string().min(1),
  reportedCurrency: z.string(),
  fillingDate: z.string(),
  acceptedDate: z.string(),
  // A string in FMP's answers; a number is accepted in case that changes.
  calendarYear: z.union([z.string(), z.number().int()]).transform(String),
  period: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
};

// The annotations make the compiler check that each schema yields every field of core's type.
const incomeStatements: z.ZodType<IncomeStatement[]> = z.array(
  z.object({ ...base, ...amounts(INCOME_AMOUNT_FIELDS) }),
);
const balanceSheets: z.ZodType<BalanceSheet[]> = z.array(
  z.object({ ...base, ...amounts(BALANCE_AMOUNT_FIELDS) }),
);
const cashFlowStatements: z.ZodType<CashFlowStatement[]> = z.array(
  z.object({ ...base, ...amounts(CASH_AMOUNT_FIELDS) }),
);

/** Per statement kind: the FMP endpoint and the schema of its answer. */
export const STATEMENT_ENDPOINTS: {
  readonly [K in StatementKind]: {
    readonly path: string;
    readonly schema: z.ZodType<StatementByKind[K][]>;
  };
} = {
  income: { path: 'income-statement', schema: incomeStatements },
  balance: { path: 'balance-sheet-statement', schema: balanceSheets },
  cash: { path: 'cash-flow-statement', schema: cashFlowStatements },
};
