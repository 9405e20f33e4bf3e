import type { INCOME_AMOUNT_FIELDS } from '@core/market/statement-fields';
import { amount, type StatementLine } from './statement-line';

type IncomeField = (typeof INCOME_AMOUNT_FIELDS)[number];

/** Income statement lines in reading order, with the labels investors know. */
export const INCOME_LINES: readonly StatementLine<IncomeField>[] = [
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
  { field: 'eps', label: 'EPS', format: 'per-share' },
  { field: 'epsdiluted', label: 'EPS (diluted)', format: 'per-share' },
  { field: 'weightedAverageShsOut', label: 'Weighted average shares', format: 'shares' },
  {
    field: 'weightedAverageShsOutDil',
    label: 'Weighted average shares (diluted)',
    format: 'shares',
  },
];
