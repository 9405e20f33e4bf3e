import type {
  BalanceSheet,
  CashFlowStatement,
  FiscalPeriod,
  IncomeStatement,
} from '../../../core/market/types';
import type { PeriodRecord } from './financials';
import type { Random } from './random';

/**
 * FMP-shaped statements from the double-entry records of financials.ts. Every total is computed
 * here from its parts, so the identities in core/market/types.ts hold by construction; the
 * data-quality checks in identities.ts verify them independently.
 */

export interface StatementContext {
  readonly symbol: string;
  readonly currency: string;
}

export interface PeriodDates {
  readonly date: string;
  readonly fillingDate: string;
  readonly acceptedDate: string;
  readonly calendarYear: string;
  readonly period: FiscalPeriod;
}

export interface PeriodShares {
  readonly weighted: number;
  readonly diluted: number;
}

/** Rounds to two decimals (EPS, prices). */
export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** value / revenue, or 0 for a period without revenue. */
export const ratioOf = (value: number, revenue: number): number =>
  revenue === 0 ? 0 : value / revenue;

export {
  dayNumberOf as dayNumber,
  dateOfDayNumber as isoDateOf,
  weekdayOf,
} from '../../../core/day-numbers';
/** Period end of a record: YYYY-12-31 for a fiscal year (quarter 0), else the quarter's last day. */
export { periodEndOf as periodEnd } from '../../../core/market/filing-lag';
import { filingLagOf, periodEndOf as periodEnd } from '../../../core/market/filing-lag';
import {
  dateOfDayNumber as isoDateOf,
  dayNumberOf as dayNumber,
  weekdayOf,
} from '../../../core/day-numbers';

/** Day of the week of a day number, 0 = Sunday … 6 = Saturday. */

export function addDays(isoDate: string, days: number): string {
  return isoDateOf(dayNumber(isoDate) + days);
}

/** Moves a date forward to the next Monday–Friday. */
export function nextWeekday(isoDate: string): string {
  let days = dayNumber(isoDate);
  while (weekdayOf(days) === 0 || weekdayOf(days) === 6) days++;
  return isoDateOf(days);
}

/**
 * Report dates of a period: filed 30 days or more after the period end and never after the filing
 * deadline of core/market/filing-lag (a Q4 shares its fiscal year's filing), so every period filed
 * by the anchor day has its report dated on or before it.
 */
export function periodDates(rng: Random, year: number, quarter: number): PeriodDates {
  const date = periodEnd(year, quarter);
  // A weekend filing moves to the Monday: at most two days, kept inside the lag.
  const lag = rng.int(quarter === 0 || quarter === 4 ? 45 : 30, filingLagOf(quarter) - 2);
  const fillingDate = nextWeekday(addDays(date, lag));
  const time = [rng.int(6, 18), rng.int(0, 59), rng.int(0, 59)]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return {
    date,
    fillingDate,
    acceptedDate: `${fillingDate} ${time}`,
    calendarYear: String(year),
    period: quarter === 0 ? 'FY' : (`Q${quarter}` as FiscalPeriod),
  };
}

export function buildIncomeStatement(
  context: StatementContext,
  record: PeriodRecord,
  dates: PeriodDates,
  shares: PeriodShares,
): IncomeStatement {
  const f = record.flows;
  const grossProfit = f.revenue - f.costOfRevenue;
  const operatingExpenses =
    f.researchAndDevelopment + f.sellingGeneralAndAdministrative + f.otherExpenses;
  const operatingIncome = grossProfit - operatingExpenses;
  const ebitda = operatingIncome + f.depreciationAndAmortization;
  const totalOtherIncomeExpensesNet = f.interestIncome - f.interestExpense + f.otherNonOperating;
  const incomeBeforeTax = operatingIncome + totalOtherIncomeExpensesNet;
  const netIncome = incomeBeforeTax - f.incomeTax;
  const eps = round2(netIncome / shares.weighted);
  return {
    date: dates.date,
    symbol: context.symbol,
    reportedCurrency: context.currency,
    fillingDate: dates.fillingDate,
    acceptedDate: dates.acceptedDate,
    calendarYear: dates.calendarYear,
    period: dates.period,
    revenue: f.revenue,
    costOfRevenue: f.costOfRevenue,
    grossProfit,
    grossProfitRatio: ratioOf(grossProfit, f.revenue),
    researchAndDevelopmentExpenses: f.researchAndDevelopment,
    sellingGeneralAndAdministrativeExpenses: f.sellingGeneralAndAdministrative,
    otherExpenses: f.otherExpenses,
    operatingExpenses,
    costAndExpenses: f.costOfRevenue + operatingExpenses,
    interestIncome: f.interestIncome,
    interestExpense: f.interestExpense,
    depreciationAndAmortization: f.depreciationAndAmortization,
    ebitda,
    ebitdaratio: ratioOf(ebitda, f.revenue),
    operatingIncome,
    operatingIncomeRatio: ratioOf(operatingIncome, f.revenue),
    totalOtherIncomeExpensesNet,
    incomeBeforeTax,
    incomeBeforeTaxRatio: ratioOf(incomeBeforeTax, f.revenue),
    incomeTaxExpense: f.incomeTax,
    netIncome,
    netIncomeRatio: ratioOf(netIncome, f.revenue),
    eps,
    // Dilution only counts when it lowers earnings per share (no anti-dilution on losses).
    epsdiluted: netIncome > 0 ? round2(netIncome / shares.diluted) : eps,
    weightedAverageShsOut: shares.weighted,
    weightedAverageShsOutDil: netIncome > 0 ? shares.diluted : shares.weighted,
  };
}

export function buildBalanceSheet(
  context: StatementContext,
  record: PeriodRecord,
  dates: PeriodDates,
): BalanceSheet {
  const b = record.balance;
  const cashAndShortTermInvestments = b.cash + b.shortTermInvestments;
  const totalCurrentAssets =
    cashAndShortTermInvestments + b.receivables + b.inventory + b.otherCurrentAssets;
  const goodwillAndIntangibleAssets = b.goodwill + b.intangibles;
  const totalNonCurrentAssets =
    b.ppe + goodwillAndIntangibleAssets + b.longTermInvestments + b.otherNonCurrentAssets;
  const totalCurrentLiabilities =
    b.payables + b.shortTermDebt + b.taxPayables + b.deferredRevenue + b.otherCurrentLiabilities;
  const totalNonCurrentLiabilities = b.longTermDebt + b.otherNonCurrentLiabilities;
  const totalLiabilities = totalCurrentLiabilities + totalNonCurrentLiabilities;
  const totalStockholdersEquity = b.commonStock + b.retainedEarnings + b.aoci;
  const totalEquity = totalStockholdersEquity + b.minorityInterest;
  const totalDebt = b.shortTermDebt + b.longTermDebt;
  return {
    date: dates.date,
    symbol: context.symbol,
    reportedCurrency: context.currency,
    fillingDate: dates.fillingDate,
    acceptedDate: dates.acceptedDate,
    calendarYear: dates.calendarYear,
    period: dates.period,
    cashAndCashEquivalents: b.cash,
    shortTermInvestments: b.shortTermInvestments,
    cashAndShortTermInvestments,
    netReceivables: b.receivables,
    inventory: b.inventory,
    otherCurrentAssets: b.otherCurrentAssets,
    totalCurrentAssets,
    propertyPlantEquipmentNet: b.ppe,
    goodwill: b.goodwill,
    intangibleAssets: b.intangibles,
    goodwillAndIntangibleAssets,
    longTermInvestments: b.longTermInvestments,
    otherNonCurrentAssets: b.otherNonCurrentAssets,
    totalNonCurrentAssets,
    totalAssets: totalCurrentAssets + totalNonCurrentAssets,
    accountPayables: b.payables,
    shortTermDebt: b.shortTermDebt,
    taxPayables: b.taxPayables,
    deferredRevenue: b.deferredRevenue,
    otherCurrentLiabilities: b.otherCurrentLiabilities,
    totalCurrentLiabilities,
    longTermDebt: b.longTermDebt,
    otherNonCurrentLiabilities: b.otherNonCurrentLiabilities,
    totalNonCurrentLiabilities,
    totalLiabilities,
    commonStock: b.commonStock,
    retainedEarnings: b.retainedEarnings,
    accumulatedOtherComprehensiveIncomeLoss: b.aoci,
    totalStockholdersEquity,
    minorityInterest: b.minorityInterest,
    totalEquity,
    totalLiabilitiesAndStockholdersEquity: totalLiabilities + totalEquity,
    totalLiabilitiesAndTotalEquity: totalLiabilities + totalEquity,
    totalInvestments: b.shortTermInvestments + b.longTermInvestments,
    totalDebt,
    netDebt: totalDebt - b.cash,
  };
}

export function buildCashFlowStatement(
  context: StatementContext,
  record: PeriodRecord,
  dates: PeriodDates,
): CashFlowStatement {
  const f = record.flows;
  const netIncome =
    f.revenue -
    f.costOfRevenue -
    (f.researchAndDevelopment + f.sellingGeneralAndAdministrative + f.otherExpenses) +
    (f.interestIncome - f.interestExpense + f.otherNonOperating) -
    f.incomeTax;
  const operating =
    netIncome +
    f.depreciationAndAmortization +
    f.stockBasedCompensation +
    f.changeInWorkingCapital +
    f.otherNonCashItems;
  const investing =
    f.capitalExpenditure +
    f.acquisitions +
    f.purchasesOfInvestments +
    f.salesOfInvestments +
    f.otherInvesting;
  const financing =
    f.debtRepayment + f.stockIssued + f.stockRepurchased + f.dividends + f.debtIssued;
  const netChangeInCash = operating + investing + financing + f.forex;
  return {
    date: dates.date,
    symbol: context.symbol,
    reportedCurrency: context.currency,
    fillingDate: dates.fillingDate,
    acceptedDate: dates.acceptedDate,
    calendarYear: dates.calendarYear,
    period: dates.period,
    netIncome,
    depreciationAndAmortization: f.depreciationAndAmortization,
    stockBasedCompensation: f.stockBasedCompensation,
    changeInWorkingCapital: f.changeInWorkingCapital,
    otherNonCashItems: f.otherNonCashItems,
    netCashProvidedByOperatingActivities: operating,
    investmentsInPropertyPlantAndEquipment: f.capitalExpenditure,
    acquisitionsNet: f.acquisitions,
    purchasesOfInvestments: f.purchasesOfInvestments,
    salesMaturitiesOfInvestments: f.salesOfInvestments,
    otherInvestingActivites: f.otherInvesting,
    netCashUsedForInvestingActivites: investing,
    debtRepayment: f.debtRepayment,
    commonStockIssued: f.stockIssued,
    commonStockRepurchased: f.stockRepurchased,
    dividendsPaid: f.dividends,
    otherFinancingActivites: f.debtIssued, // new borrowing (FMP has no separate debt-issued line)
    netCashUsedProvidedByFinancingActivities: financing,
    effectOfForexChangesOnCash: f.forex,
    netChangeInCash,
    cashAtBeginningOfPeriod: record.cashBegin,
    cashAtEndOfPeriod: record.cashBegin + netChangeInCash,
    operatingCashFlow: operating,
    capitalExpenditure: f.capitalExpenditure,
    freeCashFlow: operating + f.capitalExpenditure,
  };
}
