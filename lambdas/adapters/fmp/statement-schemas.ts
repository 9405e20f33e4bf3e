import * as z from 'zod';
import type {
  BalanceSheet,
  CashFlowStatement,
  IncomeStatement,
  StatementByKind,
  StatementKind,
} from '../../../core/market/types';

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

export const INCOME_FIELDS = [
  'revenue',
  'costOfRevenue',
  'grossProfit',
  'grossProfitRatio',
  'researchAndDevelopmentExpenses',
  'sellingGeneralAndAdministrativeExpenses',
  'otherExpenses',
  'operatingExpenses',
  'costAndExpenses',
  'interestIncome',
  'interestExpense',
  'depreciationAndAmortization',
  'ebitda',
  'ebitdaratio',
  'operatingIncome',
  'operatingIncomeRatio',
  'totalOtherIncomeExpensesNet',
  'incomeBeforeTax',
  'incomeBeforeTaxRatio',
  'incomeTaxExpense',
  'netIncome',
  'netIncomeRatio',
  'eps',
  'epsdiluted',
  'weightedAverageShsOut',
  'weightedAverageShsOutDil',
] as const satisfies readonly (keyof IncomeStatement)[];

export const BALANCE_FIELDS = [
  'cashAndCashEquivalents',
  'shortTermInvestments',
  'cashAndShortTermInvestments',
  'netReceivables',
  'inventory',
  'otherCurrentAssets',
  'totalCurrentAssets',
  'propertyPlantEquipmentNet',
  'goodwill',
  'intangibleAssets',
  'goodwillAndIntangibleAssets',
  'longTermInvestments',
  'otherNonCurrentAssets',
  'totalNonCurrentAssets',
  'totalAssets',
  'accountPayables',
  'shortTermDebt',
  'taxPayables',
  'deferredRevenue',
  'otherCurrentLiabilities',
  'totalCurrentLiabilities',
  'longTermDebt',
  'otherNonCurrentLiabilities',
  'totalNonCurrentLiabilities',
  'totalLiabilities',
  'commonStock',
  'retainedEarnings',
  'accumulatedOtherComprehensiveIncomeLoss',
  'totalStockholdersEquity',
  'minorityInterest',
  'totalEquity',
  'totalLiabilitiesAndStockholdersEquity',
  'totalLiabilitiesAndTotalEquity',
  'totalInvestments',
  'totalDebt',
  'netDebt',
] as const satisfies readonly (keyof BalanceSheet)[];

export const CASH_FIELDS = [
  'netIncome',
  'depreciationAndAmortization',
  'stockBasedCompensation',
  'changeInWorkingCapital',
  'otherNonCashItems',
  'netCashProvidedByOperatingActivities',
  'investmentsInPropertyPlantAndEquipment',
  'acquisitionsNet',
  'purchasesOfInvestments',
  'salesMaturitiesOfInvestments',
  'otherInvestingActivites',
  'netCashUsedForInvestingActivites',
  'debtRepayment',
  'commonStockIssued',
  'commonStockRepurchased',
  'dividendsPaid',
  'otherFinancingActivites',
  'netCashUsedProvidedByFinancingActivities',
  'effectOfForexChangesOnCash',
  'netChangeInCash',
  'cashAtBeginningOfPeriod',
  'cashAtEndOfPeriod',
  'operatingCashFlow',
  'capitalExpenditure',
  'freeCashFlow',
] as const satisfies readonly (keyof CashFlowStatement)[];

// The annotations make the compiler check that each schema yields every field of core's type.
const incomeStatements: z.ZodType<IncomeStatement[]> = z.array(
  z.object({ ...base, ...amounts(INCOME_FIELDS) }),
);
const balanceSheets: z.ZodType<BalanceSheet[]> = z.array(
  z.object({ ...base, ...amounts(BALANCE_FIELDS) }),
);
const cashFlowStatements: z.ZodType<CashFlowStatement[]> = z.array(
  z.object({ ...base, ...amounts(CASH_FIELDS) }),
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
