import * as z from 'zod';
import type {
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
import { INCOME_RATIO_FIELDS, incomeRatios } from '../../../core/market/ttm';

/**
 * Schemas of FMP's stable statement endpoints (/stable/income-statement, /stable/balance-sheet-
 * statement, /stable/cash-flow-statement), each mapped onto core's statement shape
 * (core/market/types.ts), which keeps the legacy API's field names. Unknown fields (cik, ebit, …) are accepted and
 * dropped, so what we store is exactly core's shape. FMP sends null for a line a filing does not
 * report; amounts map null to 0 (the line is absent, i.e. contributes nothing), which keeps core's
 * sums and ratios defined. A wrong type (a string amount, a missing field) still fails the company.
 */

/** null → 0, see above. */
const amount = z
  .number()
  .finite()
  .nullable()
  .transform((value) => value ?? 0);

type Lines = Record<string, number>;

/** How core's lines of one kind are read from the stable answer. */
interface StableLines {
  /** Core's numeric fields of the kind. */
  readonly fields: readonly string[];
  /** Core field → the stable field holding it, where the stable API renamed it. */
  readonly renamed: Readonly<Record<string, string>>;
  /** Core fields computed from the read lines (`derive`), not read. */
  readonly derived: readonly string[];
  /** Stable fields read only to derive a core field. */
  readonly extra: readonly string[];
  readonly derive: (read: Lines) => Lines;
}

const noDerivation = { derived: [], extra: [], derive: () => ({}) } as const;

const LINES: { readonly [K in StatementKind]: StableLines } = {
  income: {
    fields: INCOME_AMOUNT_FIELDS,
    renamed: { epsdiluted: 'epsDiluted' } satisfies Partial<Record<keyof IncomeStatement, string>>,
    // The stable statements dropped the margins; core recomputes them as FMP defined them.
    derived: Object.keys(INCOME_RATIO_FIELDS),
    extra: [],
    derive: incomeRatios,
  },
  balance: {
    fields: BALANCE_AMOUNT_FIELDS,
    // Only the total with all equity is left; it is the same figure (both equal total assets).
    renamed: { totalLiabilitiesAndStockholdersEquity: 'totalLiabilitiesAndTotalEquity' },
    ...noDerivation,
  },
  cash: {
    fields: CASH_AMOUNT_FIELDS,
    renamed: {
      otherInvestingActivites: 'otherInvestingActivities',
      netCashUsedForInvestingActivites: 'netCashProvidedByInvestingActivities',
      commonStockIssued: 'commonStockIssuance',
      // Common and preferred, as the legacy line and the financing total have them.
      dividendsPaid: 'netDividendsPaid',
      netCashUsedProvidedByFinancingActivities: 'netCashProvidedByFinancingActivities',
    } satisfies Partial<Record<keyof CashFlowStatement, string>>,
    // The stable API reports debt only net of new borrowing (netDebtIssuance); there is no gross
    // repayment line. Core's "Debt repayment" is money paid back (never positive), and new
    // borrowing counts as other financing, as in the demo's statements: a net repayment is the
    // repayment, a net borrowing goes to other financing, so a company that only borrowed never
    // shows a positive "repayment". Preferred stock issued or bought back has no core line of
    // its own either: other financing too. The financing lines still add up to their total
    // (core/curation/sheet-identities.ts).
    derived: ['debtRepayment', 'otherFinancingActivites'],
    extra: ['netDebtIssuance', 'otherFinancingActivities', 'netPreferredStockIssuance'],
    derive: (read) => {
      const netDebt = read['netDebtIssuance'] ?? 0;
      return {
        debtRepayment: Math.min(0, netDebt),
        otherFinancingActivites:
          (read['otherFinancingActivities'] ?? 0) +
          (read['netPreferredStockIssuance'] ?? 0) +
          Math.max(0, netDebt),
      };
    },
  },
};

function statementsSchema<K extends StatementKind>(kind: K): z.ZodType<StatementByKind[K][]> {
  const { fields, renamed, derived, extra, derive } = LINES[kind];
  const read = fields.filter((field) => !derived.includes(field));
  const stableName = (field: string) => renamed[field] ?? field;
  const sourceFields = [...new Set([...read.map(stableName), ...extra])];
  const statement = z
    .object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      symbol: z.string().min(1),
      reportedCurrency: z.string(),
      filingDate: z.string(),
      acceptedDate: z.string(),
      // A string in FMP's answers; a number is accepted in case that changes.
      fiscalYear: z.union([z.string(), z.number().int()]).transform(String),
      period: z.enum(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
      ...Object.fromEntries(sourceFields.map((field) => [field, amount])),
    })
    .transform((answer) => {
      const source = answer as unknown as Lines;
      const lines: Lines = {};
      for (const field of read) lines[field] = source[stableName(field)] ?? 0;
      for (const field of extra) lines[field] = source[field] ?? 0;
      const complete = { ...lines, ...derive(lines) };
      const values = Object.fromEntries(fields.map((field) => [field, complete[field] ?? 0]));
      // Core's names: the legacy 'fillingDate' spelling, and the fiscal year as 'calendarYear'
      // (core's TTM reads it as the fiscal year, which FMP's legacy field was too).
      return {
        date: answer.date,
        symbol: answer.symbol,
        reportedCurrency: answer.reportedCurrency,
        fillingDate: answer.filingDate,
        acceptedDate: answer.acceptedDate,
        calendarYear: answer.fiscalYear,
        period: answer.period,
        ...values,
      } as unknown as StatementByKind[K];
    });
  return z.array(statement);
}

/** Per statement kind: the FMP stable endpoint and the schema of its answer. */
export const STATEMENT_ENDPOINTS: {
  readonly [K in StatementKind]: {
    readonly path: string;
    readonly schema: z.ZodType<StatementByKind[K][]>;
  };
} = {
  income: { path: '/stable/income-statement', schema: statementsSchema('income') },
  balance: { path: '/stable/balance-sheet-statement', schema: statementsSchema('balance') },
  cash: { path: '/stable/cash-flow-statement', schema: statementsSchema('cash') },
};
