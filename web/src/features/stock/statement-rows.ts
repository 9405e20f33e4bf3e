import type { StatementByKind, StatementKind } from '../../../../core/market/types';

/** How a line is shown: amounts in M/B, ratios as %, per-share values and counts as they are. */
export type RowFormat = 'amount' | 'ratio' | 'perShare' | 'count';

export interface StatementRow<K extends StatementKind = StatementKind> {
  readonly field: keyof StatementByKind[K] & string;
  readonly label: string;
  readonly format: RowFormat;
  /** Totals and subtotals are set in bold. */
  readonly total?: boolean;
}

const amount = <K extends StatementKind>(
  field: StatementRow<K>['field'],
  label: string,
  total = false,
): StatementRow<K> => ({ field, label, format: 'amount', total });

/** The lines of each statement, in reading order, with the labels investors know. */
export const STATEMENT_ROWS: { readonly [K in StatementKind]: readonly StatementRow<K>[] } = {
  income: [
    amount('revenue', 'Revenue', true),
    amount('costOfRevenue', 'Cost of revenue'),
    amount('grossProfit', 'Gross profit', true),
    { field: 'grossProfitRatio', label: 'Gross margin', format: 'ratio' },
    amount('researchAndDevelopmentExpenses', 'Research and development'),
    amount('sellingGeneralAndAdministrativeExpenses', 'Selling, general and administrative'),
    amount('otherExpenses', 'Other expenses'),
    amount('operatingExpenses', 'Operating expenses', true),
    amount('costAndExpenses', 'Cost and expenses'),
    amount('operatingIncome', 'Operating income', true),
    { field: 'operatingIncomeRatio', label: 'Operating margin', format: 'ratio' },
    amount('interestIncome', 'Interest income'),
    amount('interestExpense', 'Interest expense'),
    amount('totalOtherIncomeExpensesNet', 'Other income (expense), net'),
    amount('incomeBeforeTax', 'Income before tax', true),
    amount('incomeTaxExpense', 'Income tax expense'),
    amount('netIncome', 'Net income', true),
    { field: 'netIncomeRatio', label: 'Net margin', format: 'ratio' },
    amount('depreciationAndAmortization', 'Depreciation and amortization'),
    amount('ebitda', 'EBITDA', true),
    { field: 'ebitdaratio', label: 'EBITDA margin', format: 'ratio' },
    { field: 'eps', label: 'EPS', format: 'perShare' },
    { field: 'epsdiluted', label: 'EPS (diluted)', format: 'perShare' },
    { field: 'weightedAverageShsOut', label: 'Weighted average shares', format: 'count' },
    {
      field: 'weightedAverageShsOutDil',
      label: 'Weighted average shares (diluted)',
      format: 'count',
    },
  ],
  balance: [
    amount('cashAndCashEquivalents', 'Cash and cash equivalents'),
    amount('shortTermInvestments', 'Short-term investments'),
    amount('cashAndShortTermInvestments', 'Cash and short-term investments', true),
    amount('netReceivables', 'Receivables'),
    amount('inventory', 'Inventory'),
    amount('otherCurrentAssets', 'Other current assets'),
    amount('totalCurrentAssets', 'Total current assets', true),
    amount('propertyPlantEquipmentNet', 'Property, plant and equipment'),
    amount('goodwill', 'Goodwill'),
    amount('intangibleAssets', 'Intangible assets'),
    amount('longTermInvestments', 'Long-term investments'),
    amount('otherNonCurrentAssets', 'Other non-current assets'),
    amount('totalNonCurrentAssets', 'Total non-current assets', true),
    amount('totalAssets', 'Total assets', true),
    amount('accountPayables', 'Accounts payable'),
    amount('shortTermDebt', 'Short-term debt'),
    amount('taxPayables', 'Tax payables'),
    amount('deferredRevenue', 'Deferred revenue'),
    amount('otherCurrentLiabilities', 'Other current liabilities'),
    amount('totalCurrentLiabilities', 'Total current liabilities', true),
    amount('longTermDebt', 'Long-term debt'),
    amount('otherNonCurrentLiabilities', 'Other non-current liabilities'),
    amount('totalNonCurrentLiabilities', 'Total non-current liabilities', true),
    amount('totalLiabilities', 'Total liabilities', true),
    amount('commonStock', 'Common stock'),
    amount('retainedEarnings', 'Retained earnings'),
    amount('accumulatedOtherComprehensiveIncomeLoss', 'Accumulated other comprehensive income'),
    amount('totalStockholdersEquity', "Total shareholders' equity", true),
    amount('minorityInterest', 'Minority interest'),
    amount('totalEquity', 'Total equity', true),
    amount('totalLiabilitiesAndTotalEquity', 'Total liabilities and equity', true),
    amount('totalDebt', 'Total debt'),
    amount('netDebt', 'Net debt'),
  ],
  cash: [
    amount('netIncome', 'Net income'),
    amount('depreciationAndAmortization', 'Depreciation and amortization'),
    amount('stockBasedCompensation', 'Stock-based compensation'),
    amount('changeInWorkingCapital', 'Change in working capital'),
    amount('otherNonCashItems', 'Other non-cash items'),
    amount('netCashProvidedByOperatingActivities', 'Cash from operating activities', true),
    amount('investmentsInPropertyPlantAndEquipment', 'Capital expenditure'),
    amount('acquisitionsNet', 'Acquisitions, net'),
    amount('purchasesOfInvestments', 'Purchases of investments'),
    amount('salesMaturitiesOfInvestments', 'Sales and maturities of investments'),
    amount('otherInvestingActivites', 'Other investing activities'),
    amount('netCashUsedForInvestingActivites', 'Cash from investing activities', true),
    amount('debtRepayment', 'Debt repayment'),
    amount('commonStockIssued', 'Common stock issued'),
    amount('commonStockRepurchased', 'Common stock repurchased'),
    amount('dividendsPaid', 'Dividends paid'),
    amount('otherFinancingActivites', 'Other financing activities'),
    amount('netCashUsedProvidedByFinancingActivities', 'Cash from financing activities', true),
    amount('effectOfForexChangesOnCash', 'Effect of exchange rates'),
    amount('netChangeInCash', 'Net change in cash', true),
    amount('cashAtBeginningOfPeriod', 'Cash at beginning of period'),
    amount('cashAtEndOfPeriod', 'Cash at end of period'),
    amount('freeCashFlow', 'Free cash flow', true),
  ],
} as const;

/** A line's value on one statement item (every listed line is numeric). */
export function lineValue(item: object, field: string): number | null {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : null;
}
