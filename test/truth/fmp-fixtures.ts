import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type {
  BalanceSheet,
  CashFlowStatement,
  FiscalPeriod,
  IncomeStatement,
} from '../../core/market/types';

/**
 * The truth fixtures (one folder per company under test/truth/fmp/, one JSON file per FMP
 * endpoint, sources in the folder's README.md) read with zod and mapped onto the product's
 * statement shapes. The mapping is the test's own: the FMP
 * fundamentals adapter is being rewritten to the stable shapes elsewhere, and core's TTM functions
 * take plain statement objects. Each schema names the lines core's TTM ratios read; a line of the
 * product's shape that no ratio reads and the fixture does not carry maps to 0.
 */

const FIXTURES = join(import.meta.dirname, 'fmp');

export function readFixture<T>(symbol: string, endpoint: string, schema: z.ZodType<T>): T {
  const text = readFileSync(join(FIXTURES, symbol, `${endpoint}.json`), 'utf8');
  return schema.parse(JSON.parse(text));
}

const amount = z.number().finite();
const optionalAmount = amount.optional();

const stableStatementBase = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  symbol: z.string(),
  reportedCurrency: z.string().length(3),
  filingDate: z.string(),
  acceptedDate: z.string(),
  fiscalYear: z.string().regex(/^\d{4}$/),
  period: z.enum(['Q1', 'Q2', 'Q3', 'Q4']),
});

export const stableIncomeSchema = z.array(
  stableStatementBase.extend({
    revenue: amount,
    costOfRevenue: amount,
    grossProfit: amount,
    researchAndDevelopmentExpenses: amount,
    sellingGeneralAndAdministrativeExpenses: amount,
    otherExpenses: amount,
    operatingExpenses: amount,
    costAndExpenses: amount,
    interestIncome: amount,
    interestExpense: amount,
    depreciationAndAmortization: amount,
    ebitda: amount,
    operatingIncome: amount,
    totalOtherIncomeExpensesNet: amount,
    incomeBeforeTax: amount,
    incomeTaxExpense: amount,
    netIncome: amount,
    eps: amount,
    epsDiluted: amount,
    weightedAverageShsOut: amount,
    weightedAverageShsOutDil: amount,
  }),
);

export const stableBalanceSchema = z.array(
  stableStatementBase.extend({
    cashAndCashEquivalents: amount,
    shortTermInvestments: amount,
    cashAndShortTermInvestments: amount,
    netReceivables: amount,
    inventory: amount,
    otherCurrentAssets: amount,
    totalCurrentAssets: amount,
    propertyPlantEquipmentNet: amount,
    goodwill: amount,
    intangibleAssets: amount,
    goodwillAndIntangibleAssets: amount,
    longTermInvestments: amount,
    otherNonCurrentAssets: amount,
    totalNonCurrentAssets: amount,
    totalAssets: amount,
    accountPayables: amount,
    shortTermDebt: amount,
    taxPayables: optionalAmount,
    deferredRevenue: amount,
    otherCurrentLiabilities: amount,
    totalCurrentLiabilities: amount,
    longTermDebt: amount,
    otherNonCurrentLiabilities: amount,
    totalNonCurrentLiabilities: amount,
    totalLiabilities: amount,
    commonStock: amount,
    retainedEarnings: amount,
    accumulatedOtherComprehensiveIncomeLoss: amount,
    totalStockholdersEquity: amount,
    minorityInterest: amount,
    totalEquity: amount,
    totalLiabilitiesAndTotalEquity: amount,
    totalInvestments: amount,
    totalDebt: amount,
    netDebt: amount,
  }),
);

export const stableCashFlowSchema = z.array(
  stableStatementBase.extend({
    netIncome: amount,
    depreciationAndAmortization: amount,
    stockBasedCompensation: amount,
    netCashProvidedByOperatingActivities: amount,
    investmentsInPropertyPlantAndEquipment: amount,
    commonStockRepurchased: amount,
    netDividendsPaid: amount,
    operatingCashFlow: amount,
    capitalExpenditure: amount,
    freeCashFlow: amount,
  }),
);

/** FMP's ratios-ttm and key-metrics-ttm: the symbol and numbers (null where FMP has none). */
export const stableTtmSchema = z.array(
  z.object({ symbol: z.string() }).catchall(z.number().finite().nullable()),
);

/** FMP /stable/financial-scores: the window's aggregates the fixtures are checked against. */
export const financialScoresSchema = z.array(
  z.object({
    symbol: z.string(),
    reportedCurrency: z.string().length(3),
    workingCapital: amount,
    totalAssets: amount,
    retainedEarnings: amount,
    ebit: amount,
    marketCap: amount,
    totalLiabilities: amount,
    revenue: amount,
  }),
);

export const sharesFloatSchema = z.array(
  z.object({ symbol: z.string(), outstandingShares: amount.positive() }),
);

export const profileSchema = z.array(
  z.object({
    symbol: z.string(),
    currency: z.string().length(3),
    price: amount.positive(),
    marketCap: amount.positive(),
    lastDividend: amount.nonnegative(),
    industry: z.string(),
    sector: z.string(),
  }),
);

type StableBase = z.infer<typeof stableStatementBase>;

function productBase(item: StableBase) {
  return {
    date: item.date,
    symbol: item.symbol,
    reportedCurrency: item.reportedCurrency,
    fillingDate: item.filingDate,
    acceptedDate: item.acceptedDate,
    // FMP stable's fiscalYear is the legacy calendarYear (the fiscal year a quarter belongs to).
    calendarYear: item.fiscalYear,
    period: item.period satisfies FiscalPeriod,
  };
}

const ratioOf = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export function toIncomeStatement(
  item: z.infer<typeof stableIncomeSchema>[number],
): IncomeStatement {
  return {
    ...productBase(item),
    revenue: item.revenue,
    costOfRevenue: item.costOfRevenue,
    grossProfit: item.grossProfit,
    grossProfitRatio: ratioOf(item.grossProfit, item.revenue),
    researchAndDevelopmentExpenses: item.researchAndDevelopmentExpenses,
    sellingGeneralAndAdministrativeExpenses: item.sellingGeneralAndAdministrativeExpenses,
    otherExpenses: item.otherExpenses,
    operatingExpenses: item.operatingExpenses,
    costAndExpenses: item.costAndExpenses,
    interestIncome: item.interestIncome,
    interestExpense: item.interestExpense,
    depreciationAndAmortization: item.depreciationAndAmortization,
    ebitda: item.ebitda,
    ebitdaratio: ratioOf(item.ebitda, item.revenue),
    operatingIncome: item.operatingIncome,
    operatingIncomeRatio: ratioOf(item.operatingIncome, item.revenue),
    totalOtherIncomeExpensesNet: item.totalOtherIncomeExpensesNet,
    incomeBeforeTax: item.incomeBeforeTax,
    incomeBeforeTaxRatio: ratioOf(item.incomeBeforeTax, item.revenue),
    incomeTaxExpense: item.incomeTaxExpense,
    netIncome: item.netIncome,
    netIncomeRatio: ratioOf(item.netIncome, item.revenue),
    eps: item.eps,
    epsdiluted: item.epsDiluted,
    weightedAverageShsOut: item.weightedAverageShsOut,
    weightedAverageShsOutDil: item.weightedAverageShsOutDil,
  };
}

export function toBalanceSheet(item: z.infer<typeof stableBalanceSchema>[number]): BalanceSheet {
  return {
    ...productBase(item),
    cashAndCashEquivalents: item.cashAndCashEquivalents,
    shortTermInvestments: item.shortTermInvestments,
    cashAndShortTermInvestments: item.cashAndShortTermInvestments,
    netReceivables: item.netReceivables,
    inventory: item.inventory,
    otherCurrentAssets: item.otherCurrentAssets,
    totalCurrentAssets: item.totalCurrentAssets,
    propertyPlantEquipmentNet: item.propertyPlantEquipmentNet,
    goodwill: item.goodwill,
    intangibleAssets: item.intangibleAssets,
    goodwillAndIntangibleAssets: item.goodwillAndIntangibleAssets,
    longTermInvestments: item.longTermInvestments,
    otherNonCurrentAssets: item.otherNonCurrentAssets,
    totalNonCurrentAssets: item.totalNonCurrentAssets,
    totalAssets: item.totalAssets,
    accountPayables: item.accountPayables,
    shortTermDebt: item.shortTermDebt,
    taxPayables: item.taxPayables ?? 0,
    deferredRevenue: item.deferredRevenue,
    otherCurrentLiabilities: item.otherCurrentLiabilities,
    totalCurrentLiabilities: item.totalCurrentLiabilities,
    longTermDebt: item.longTermDebt,
    otherNonCurrentLiabilities: item.otherNonCurrentLiabilities,
    totalNonCurrentLiabilities: item.totalNonCurrentLiabilities,
    totalLiabilities: item.totalLiabilities,
    commonStock: item.commonStock,
    retainedEarnings: item.retainedEarnings,
    accumulatedOtherComprehensiveIncomeLoss: item.accumulatedOtherComprehensiveIncomeLoss,
    totalStockholdersEquity: item.totalStockholdersEquity,
    minorityInterest: item.minorityInterest,
    totalEquity: item.totalEquity,
    totalLiabilitiesAndStockholdersEquity: item.totalLiabilitiesAndTotalEquity,
    totalLiabilitiesAndTotalEquity: item.totalLiabilitiesAndTotalEquity,
    totalInvestments: item.totalInvestments,
    totalDebt: item.totalDebt,
    netDebt: item.netDebt,
  };
}

export function toCashFlowStatement(
  item: z.infer<typeof stableCashFlowSchema>[number],
): CashFlowStatement {
  return {
    ...productBase(item),
    netIncome: item.netIncome,
    depreciationAndAmortization: item.depreciationAndAmortization,
    stockBasedCompensation: item.stockBasedCompensation,
    netCashProvidedByOperatingActivities: item.netCashProvidedByOperatingActivities,
    investmentsInPropertyPlantAndEquipment: item.investmentsInPropertyPlantAndEquipment,
    commonStockRepurchased: item.commonStockRepurchased,
    dividendsPaid: item.netDividendsPaid,
    operatingCashFlow: item.operatingCashFlow,
    capitalExpenditure: item.capitalExpenditure,
    freeCashFlow: item.freeCashFlow,
    // Lines no TTM ratio reads, left out of the fixtures rather than invented (README.md).
    changeInWorkingCapital: 0,
    otherNonCashItems: 0,
    acquisitionsNet: 0,
    purchasesOfInvestments: 0,
    salesMaturitiesOfInvestments: 0,
    otherInvestingActivites: 0,
    netCashUsedForInvestingActivites: 0,
    debtRepayment: 0,
    commonStockIssued: 0,
    otherFinancingActivites: 0,
    netCashUsedProvidedByFinancingActivities: 0,
    effectOfForexChangesOnCash: 0,
    netChangeInCash: 0,
    cashAtBeginningOfPeriod: 0,
    cashAtEndOfPeriod: 0,
  };
}
