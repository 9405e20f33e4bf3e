import type { CASH_AMOUNT_FIELDS } from '@core/market/statement-fields';
import { amount, type StatementLine } from './statement-line';

type CashField = (typeof CASH_AMOUNT_FIELDS)[number];

/** Cash-flow lines: operating, investing and financing activities, then cash and free cash flow. */
export const CASH_LINES: readonly StatementLine<CashField>[] = [
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
];
