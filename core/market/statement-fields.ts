import {
  CASH_FLOW_POSITION_FIELDS,
  INCOME_PER_SHARE_FIELDS,
  INCOME_RATIO_FIELDS,
  INCOME_SHARE_COUNT_FIELDS,
} from './ttm';
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from './types';

/**
 * Every numeric line of each statement (FMP field names), listed once: the provider schemas, the
 * demo data's checks and the SPA's tables iterate these. The compile-time checks below fail when
 * core/market/types.ts gains a numeric field that is not listed here.
 */

export const INCOME_AMOUNT_FIELDS = [
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

export const BALANCE_AMOUNT_FIELDS = [
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

export const CASH_AMOUNT_FIELDS = [
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

type NumericKeys<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T];
type Missing<T, Listed> = Exclude<NumericKeys<T>, Listed>;
const exhaustive = <M>(check: [M] extends [never] ? true : M) => check;
exhaustive<Missing<IncomeStatement, (typeof INCOME_AMOUNT_FIELDS)[number]>>(true);
exhaustive<Missing<BalanceSheet, (typeof BALANCE_AMOUNT_FIELDS)[number]>>(true);
exhaustive<Missing<CashFlowStatement, (typeof CASH_AMOUNT_FIELDS)[number]>>(true);

const incomeNonFlows: ReadonlySet<string> = new Set<string>([
  ...Object.keys(INCOME_RATIO_FIELDS),
  ...Object.keys(INCOME_PER_SHARE_FIELDS),
  ...INCOME_SHARE_COUNT_FIELDS,
]);
const cashPositions: ReadonlySet<string> = new Set<string>(CASH_FLOW_POSITION_FIELDS);

/** Income-statement amounts that are flows: quarters sum to the year, TTM sums four quarters. */
export const INCOME_FLOW_FIELDS = INCOME_AMOUNT_FIELDS.filter(
  (field) => !incomeNonFlows.has(field),
);

/** Cash-flow amounts that are flows (all but the opening and closing cash). */
export const CASH_FLOW_FIELDS = CASH_AMOUNT_FIELDS.filter((field) => !cashPositions.has(field));
