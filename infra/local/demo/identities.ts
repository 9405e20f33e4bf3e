import type { BalanceSheet, CashFlowStatement, IncomeStatement } from '../../../core/market/types';
import {
  BALANCE_AMOUNT_FIELDS,
  CASH_FLOW_FIELDS,
  INCOME_FLOW_FIELDS,
} from '../../../core/market/statement-fields';
import type { DemoCompany, DemoStatements } from './universe';

export { CASH_FLOW_FIELDS, INCOME_FLOW_FIELDS };

/**
 * Data-quality checks of a demo company's statements, written independently of the generator: the
 * accounting identities of core/market/types.ts, the links between the three statements and
 * between periods, and quarters adding up to their fiscal year. Returns one line per violation.
 */

const twoDecimals = (x: number) => Math.round(x * 100) / 100;
const share = (value: number, revenue: number) => (revenue === 0 ? 0 : value / revenue);

type Report = (identity: string) => void;

function checkIncome(s: IncomeStatement, fail: Report): void {
  for (const field of INCOME_FLOW_FIELDS) {
    if (!Number.isSafeInteger(s[field])) fail(`${field} is a whole number`);
  }
  if (s.grossProfit !== s.revenue - s.costOfRevenue) fail('grossProfit = revenue − costOfRevenue');
  if (
    s.operatingExpenses !==
    s.researchAndDevelopmentExpenses + s.sellingGeneralAndAdministrativeExpenses + s.otherExpenses
  ) {
    fail('operatingExpenses = R&D + SG&A + otherExpenses');
  }
  if (s.costAndExpenses !== s.costOfRevenue + s.operatingExpenses) {
    fail('costAndExpenses = costOfRevenue + operatingExpenses');
  }
  if (s.operatingIncome !== s.grossProfit - s.operatingExpenses) {
    fail('operatingIncome = grossProfit − operatingExpenses');
  }
  if (s.ebitda !== s.operatingIncome + s.depreciationAndAmortization) {
    fail('ebitda = operatingIncome + depreciationAndAmortization');
  }
  if (s.incomeBeforeTax !== s.operatingIncome + s.totalOtherIncomeExpensesNet) {
    fail('incomeBeforeTax = operatingIncome + totalOtherIncomeExpensesNet');
  }
  if (s.netIncome !== s.incomeBeforeTax - s.incomeTaxExpense) {
    fail('netIncome = incomeBeforeTax − incomeTaxExpense');
  }
  const ratios = [
    ['grossProfitRatio', s.grossProfitRatio, s.grossProfit],
    ['ebitdaratio', s.ebitdaratio, s.ebitda],
    ['operatingIncomeRatio', s.operatingIncomeRatio, s.operatingIncome],
    ['incomeBeforeTaxRatio', s.incomeBeforeTaxRatio, s.incomeBeforeTax],
    ['netIncomeRatio', s.netIncomeRatio, s.netIncome],
  ] as const;
  for (const [name, ratio, value] of ratios) {
    if (ratio !== share(value, s.revenue)) fail(`${name} = value / revenue`);
  }
  if (!(s.weightedAverageShsOut > 0) || !(s.weightedAverageShsOutDil >= s.weightedAverageShsOut)) {
    fail('0 < weightedAverageShsOut ≤ weightedAverageShsOutDil');
  }
  if (s.eps !== twoDecimals(s.netIncome / s.weightedAverageShsOut)) {
    fail('eps = netIncome / weightedAverageShsOut (2 decimals)');
  }
  if (s.epsdiluted !== twoDecimals(s.netIncome / s.weightedAverageShsOutDil)) {
    fail('epsdiluted = netIncome / weightedAverageShsOutDil (2 decimals)');
  }
}

function checkBalance(s: BalanceSheet, fail: Report): void {
  for (const field of BALANCE_AMOUNT_FIELDS) {
    if (!Number.isSafeInteger(s[field])) fail(`${field} is a whole number`);
  }
  const cashAndShortTerm = s.cashAndCashEquivalents + s.shortTermInvestments;
  if (s.cashAndShortTermInvestments !== cashAndShortTerm) {
    fail('cashAndShortTermInvestments = cash + shortTermInvestments');
  }
  if (
    s.totalCurrentAssets !==
    s.cashAndShortTermInvestments + s.netReceivables + s.inventory + s.otherCurrentAssets
  ) {
    fail('totalCurrentAssets = sum of current assets');
  }
  if (s.goodwillAndIntangibleAssets !== s.goodwill + s.intangibleAssets) {
    fail('goodwillAndIntangibleAssets = goodwill + intangibleAssets');
  }
  if (
    s.totalNonCurrentAssets !==
    s.propertyPlantEquipmentNet +
      s.goodwillAndIntangibleAssets +
      s.longTermInvestments +
      s.otherNonCurrentAssets
  ) {
    fail('totalNonCurrentAssets = sum of non-current assets');
  }
  if (s.totalAssets !== s.totalCurrentAssets + s.totalNonCurrentAssets) {
    fail('totalAssets = totalCurrentAssets + totalNonCurrentAssets');
  }
  if (
    s.totalCurrentLiabilities !==
    s.accountPayables +
      s.shortTermDebt +
      s.taxPayables +
      s.deferredRevenue +
      s.otherCurrentLiabilities
  ) {
    fail('totalCurrentLiabilities = sum of current liabilities');
  }
  if (s.totalNonCurrentLiabilities !== s.longTermDebt + s.otherNonCurrentLiabilities) {
    fail('totalNonCurrentLiabilities = longTermDebt + otherNonCurrentLiabilities');
  }
  if (s.totalLiabilities !== s.totalCurrentLiabilities + s.totalNonCurrentLiabilities) {
    fail('totalLiabilities = current + non-current');
  }
  if (
    s.totalStockholdersEquity !==
    s.commonStock + s.retainedEarnings + s.accumulatedOtherComprehensiveIncomeLoss
  ) {
    fail('totalStockholdersEquity = commonStock + retainedEarnings + AOCI');
  }
  if (s.totalEquity !== s.totalStockholdersEquity + s.minorityInterest) {
    fail('totalEquity = totalStockholdersEquity + minorityInterest');
  }
  if (s.totalAssets !== s.totalLiabilities + s.totalEquity) {
    fail('totalAssets = totalLiabilities + totalEquity');
  }
  if (
    s.totalLiabilitiesAndStockholdersEquity !== s.totalAssets ||
    s.totalLiabilitiesAndTotalEquity !== s.totalAssets
  ) {
    fail('totalLiabilitiesAnd…Equity = totalAssets');
  }
  if (s.totalDebt !== s.shortTermDebt + s.longTermDebt) {
    fail('totalDebt = shortTermDebt + longTermDebt');
  }
  if (s.netDebt !== s.totalDebt - s.cashAndCashEquivalents) fail('netDebt = totalDebt − cash');
  if (s.totalInvestments !== s.shortTermInvestments + s.longTermInvestments) {
    fail('totalInvestments = shortTermInvestments + longTermInvestments');
  }
  const nonNegative = [
    'cashAndCashEquivalents',
    'shortTermInvestments',
    'netReceivables',
    'inventory',
    'propertyPlantEquipmentNet',
    'goodwill',
    'intangibleAssets',
    'shortTermDebt',
    'longTermDebt',
  ] as const;
  for (const field of nonNegative) if (s[field] < 0) fail(`${field} ≥ 0`);
}

function checkCashFlow(s: CashFlowStatement, fail: Report): void {
  for (const field of CASH_FLOW_FIELDS) {
    if (!Number.isSafeInteger(s[field])) fail(`${field} is a whole number`);
  }
  if (
    s.netCashProvidedByOperatingActivities !==
    s.netIncome +
      s.depreciationAndAmortization +
      s.stockBasedCompensation +
      s.changeInWorkingCapital +
      s.otherNonCashItems
  ) {
    fail('operating = netIncome + D&A + SBC + changeInWorkingCapital + otherNonCashItems');
  }
  if (
    s.netCashUsedForInvestingActivites !==
    s.investmentsInPropertyPlantAndEquipment +
      s.acquisitionsNet +
      s.purchasesOfInvestments +
      s.salesMaturitiesOfInvestments +
      s.otherInvestingActivites
  ) {
    fail('investing = sum of investing lines');
  }
  if (
    s.netCashUsedProvidedByFinancingActivities !==
    s.debtRepayment +
      s.commonStockIssued +
      s.commonStockRepurchased +
      s.dividendsPaid +
      s.otherFinancingActivites
  ) {
    fail('financing = sum of financing lines');
  }
  if (
    s.netChangeInCash !==
    s.netCashProvidedByOperatingActivities +
      s.netCashUsedForInvestingActivites +
      s.netCashUsedProvidedByFinancingActivities +
      s.effectOfForexChangesOnCash
  ) {
    fail('netChangeInCash = operating + investing + financing + forex');
  }
  if (s.cashAtEndOfPeriod !== s.cashAtBeginningOfPeriod + s.netChangeInCash) {
    fail('cashAtEndOfPeriod = cashAtBeginningOfPeriod + netChangeInCash');
  }
  if (s.operatingCashFlow !== s.netCashProvidedByOperatingActivities) {
    fail('operatingCashFlow = netCashProvidedByOperatingActivities');
  }
  if (s.capitalExpenditure !== s.investmentsInPropertyPlantAndEquipment) {
    fail('capitalExpenditure = investmentsInPropertyPlantAndEquipment');
  }
  if (s.freeCashFlow !== s.operatingCashFlow + s.capitalExpenditure) {
    fail('freeCashFlow = operatingCashFlow + capitalExpenditure');
  }
  if (s.dividendsPaid > 0 || s.capitalExpenditure > 0) fail('cash outflows are negative');
}

const QUARTER_OF_MONTH: Readonly<Record<string, string>> = {
  '03': 'Q1',
  '06': 'Q2',
  '09': 'Q3',
  '12': 'Q4',
};

/** Identities within each period and links between consecutive periods of one series. */
function checkSeries(
  company: DemoCompany,
  series: DemoStatements,
  scope: 'annual' | 'quarterly',
  out: string[],
): void {
  const { symbol, currency } = company.profile;
  const { income, balance, cash } = series;
  if (income.length !== balance.length || income.length !== cash.length) {
    out.push(`${scope}: income, balance and cash series have the same length`);
  }
  for (let i = 0; i < income.length; i++) {
    const inc = income[i];
    const bal = balance[i];
    const cf = cash[i];
    if (!inc || !bal || !cf) continue;
    const fail: Report = (identity) => out.push(`${scope} ${inc.date} ${inc.period}: ${identity}`);
    for (const s of [inc, bal, cf]) {
      if (s.symbol !== symbol || s.reportedCurrency !== currency) {
        fail('symbol and reportedCurrency match the profile');
      }
      if (s.date !== inc.date || s.period !== inc.period || s.calendarYear !== inc.calendarYear) {
        fail('the three statements cover the same period');
      }
      if (!(s.fillingDate > s.date) || !s.acceptedDate.startsWith(s.fillingDate)) {
        fail('filed after the period end');
      }
    }
    const expectedPeriod = scope === 'annual' ? 'FY' : QUARTER_OF_MONTH[inc.date.slice(5, 7)];
    if (inc.period !== expectedPeriod || inc.calendarYear !== inc.date.slice(0, 4)) {
      fail('period and calendarYear match the date');
    }
    checkIncome(inc, fail);
    checkBalance(bal, fail);
    checkCashFlow(cf, fail);
    if (cf.netIncome !== inc.netIncome) fail('cash-flow netIncome = income-statement netIncome');
    if (cf.depreciationAndAmortization !== inc.depreciationAndAmortization) {
      fail('cash-flow D&A = income-statement D&A');
    }
    if (cf.cashAtEndOfPeriod !== bal.cashAndCashEquivalents) {
      fail('cashAtEndOfPeriod = balance-sheet cashAndCashEquivalents');
    }
    // Links to the previous (older) period, which comes next in newest-first order.
    const prevBal = balance[i + 1];
    const prevCf = cash[i + 1];
    const prevInc = income[i + 1];
    if (prevBal && prevCf && prevInc) {
      if (!(prevInc.date < inc.date)) fail('newest first');
      if (cf.cashAtBeginningOfPeriod !== prevCf.cashAtEndOfPeriod) {
        fail('cashAtBeginningOfPeriod = previous cashAtEndOfPeriod');
      }
      if (bal.retainedEarnings !== prevBal.retainedEarnings + inc.netIncome + cf.dividendsPaid) {
        fail('retainedEarnings = previous + netIncome + dividendsPaid');
      }
    }
  }
}

/** Quarters add up to their fiscal year; the Q4 balance sheet is the annual one. */
function checkQuartersAgainstYears(company: DemoCompany, out: string[]): void {
  const { annual, quarterly } = company;
  for (let y = 0; y < annual.income.length; y++) {
    const yearIncome = annual.income[y];
    const yearBalance = annual.balance[y];
    const yearCash = annual.cash[y];
    if (!yearIncome || !yearBalance || !yearCash) continue;
    const year = yearIncome.calendarYear;
    const indexes = quarterly.income.flatMap((q, i) => (q.calendarYear === year ? [i] : []));
    if (indexes.length === 0) continue; // a year before the quarterly history
    const fail: Report = (identity) => out.push(`quarters of ${year}: ${identity}`);
    if (indexes.length !== 4) {
      // The twelve quarters may open inside their oldest year, after its Q1: no sum to check.
      const oldest = quarterly.income[quarterly.income.length - 1];
      if (oldest?.calendarYear === year && oldest.period !== 'Q1') continue;
      fail('four quarters');
      continue;
    }
    const incomes = indexes.map((i) => quarterly.income[i] as IncomeStatement);
    const cashes = indexes.map((i) => quarterly.cash[i] as CashFlowStatement);
    for (const field of INCOME_FLOW_FIELDS) {
      if (incomes.reduce((sum, q) => sum + q[field], 0) !== yearIncome[field]) {
        fail(`income ${field} sums to the year`);
      }
    }
    for (const field of CASH_FLOW_FIELDS) {
      if (cashes.reduce((sum, q) => sum + q[field], 0) !== yearCash[field]) {
        fail(`cash flow ${field} sums to the year`);
      }
    }
    const q4 = indexes.find((i) => quarterly.income[i]?.period === 'Q4');
    const q1 = indexes.find((i) => quarterly.income[i]?.period === 'Q1');
    const q4Balance = q4 === undefined ? undefined : quarterly.balance[q4];
    const q4Cash = q4 === undefined ? undefined : quarterly.cash[q4];
    const q1Cash = q1 === undefined ? undefined : quarterly.cash[q1];
    if (!q4Balance || !q4Cash || !q1Cash) {
      fail('Q1 and Q4 present');
      continue;
    }
    for (const field of BALANCE_AMOUNT_FIELDS) {
      if (q4Balance[field] !== yearBalance[field]) fail(`Q4 balance ${field} = annual`);
    }
    if (q4Balance.date !== yearBalance.date) fail('Q4 balance date = annual date');
    if (q1Cash.cashAtBeginningOfPeriod !== yearCash.cashAtBeginningOfPeriod) {
      fail('Q1 opening cash = annual opening cash');
    }
    if (q4Cash.cashAtEndOfPeriod !== yearCash.cashAtEndOfPeriod) {
      fail('Q4 closing cash = annual closing cash');
    }
  }
}

/** Every violated identity of a company, one line each; an empty list means all hold. */
export function checkIdentities(company: DemoCompany): string[] {
  const out: string[] = [];
  checkSeries(company, company.annual, 'annual', out);
  checkSeries(company, company.quarterly, 'quarterly', out);
  checkQuartersAgainstYears(company, out);
  if (company.shariah.asOf !== company.quarterly.balance[0]?.date) {
    out.push('shariah.asOf = the latest balance-sheet date');
  }
  return out;
}
