import type { BALANCE_AMOUNT_FIELDS } from '@core/market/statement-fields';
import { amount, type StatementLine } from './statement-line';

type BalanceField = (typeof BALANCE_AMOUNT_FIELDS)[number];

/** Balance sheet lines: assets, liabilities, equity, then the debt summary. */
export const BALANCE_LINES: readonly StatementLine<BalanceField>[] = [
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
];
