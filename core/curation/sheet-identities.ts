import type { StatementByKind, StatementKind } from '../market/types';

/**
 * The accounting identities a curated sheet must satisfy (the relations core/market/types.ts
 * documents), as data: `total` = Σ sign × term. The sheet editor shows each one's difference while
 * the admin types, and the curation API refuses a sheet that breaks one, so the public ratios are
 * never computed from figures that do not add up.
 */

type Term<K extends StatementKind> = readonly [sign: 1 | -1, field: keyof StatementByKind[K]];

export interface Identity<K extends StatementKind = StatementKind> {
  /** The line the identity checks: the one the editor highlights and the error names. */
  readonly total: keyof StatementByKind[K] & string;
  readonly terms: readonly Term<K>[];
  /** Human-readable form, e.g. 'grossProfit = revenue − costOfRevenue'. */
  readonly label: string;
  /** How far a reported figure may differ from the sum: rounding in the filing, never more. */
  readonly tolerance: number;
}

/** Amounts are whole units of the reporting currency; a filing may round each line by one. */
const AMOUNT_TOLERANCE = 1;

const identity = <K extends StatementKind>(
  total: keyof StatementByKind[K] & string,
  terms: readonly Term<K>[],
): Identity<K> => ({
  total,
  terms,
  tolerance: AMOUNT_TOLERANCE * Math.max(1, terms.length - 1),
  label: `${total} = ${terms
    .map(
      ([sign, field], i) =>
        `${i === 0 ? (sign < 0 ? '−' : '') : sign < 0 ? ' − ' : ' + '}${String(field)}`,
    )
    .join('')}`,
});

const plus = <F>(field: F) => [1, field] as const;
const minus = <F>(field: F) => [-1, field] as const;

export const SHEET_IDENTITIES: { readonly [K in StatementKind]: readonly Identity<K>[] } = {
  income: [
    identity<'income'>('grossProfit', [plus('revenue'), minus('costOfRevenue')]),
    identity<'income'>('operatingExpenses', [
      plus('researchAndDevelopmentExpenses'),
      plus('sellingGeneralAndAdministrativeExpenses'),
      plus('otherExpenses'),
    ]),
    identity<'income'>('costAndExpenses', [plus('costOfRevenue'), plus('operatingExpenses')]),
    identity<'income'>('operatingIncome', [plus('grossProfit'), minus('operatingExpenses')]),
    identity<'income'>('ebitda', [plus('operatingIncome'), plus('depreciationAndAmortization')]),
    identity<'income'>('incomeBeforeTax', [
      plus('operatingIncome'),
      plus('totalOtherIncomeExpensesNet'),
    ]),
    identity<'income'>('netIncome', [plus('incomeBeforeTax'), minus('incomeTaxExpense')]),
  ],
  balance: [
    identity<'balance'>('cashAndShortTermInvestments', [
      plus('cashAndCashEquivalents'),
      plus('shortTermInvestments'),
    ]),
    identity<'balance'>('totalCurrentAssets', [
      plus('cashAndShortTermInvestments'),
      plus('netReceivables'),
      plus('inventory'),
      plus('otherCurrentAssets'),
    ]),
    identity<'balance'>('goodwillAndIntangibleAssets', [
      plus('goodwill'),
      plus('intangibleAssets'),
    ]),
    identity<'balance'>('totalNonCurrentAssets', [
      plus('propertyPlantEquipmentNet'),
      plus('goodwillAndIntangibleAssets'),
      plus('longTermInvestments'),
      plus('otherNonCurrentAssets'),
    ]),
    identity<'balance'>('totalAssets', [plus('totalCurrentAssets'), plus('totalNonCurrentAssets')]),
    identity<'balance'>('totalCurrentLiabilities', [
      plus('accountPayables'),
      plus('shortTermDebt'),
      plus('taxPayables'),
      plus('deferredRevenue'),
      plus('otherCurrentLiabilities'),
    ]),
    identity<'balance'>('totalNonCurrentLiabilities', [
      plus('longTermDebt'),
      plus('otherNonCurrentLiabilities'),
    ]),
    identity<'balance'>('totalLiabilities', [
      plus('totalCurrentLiabilities'),
      plus('totalNonCurrentLiabilities'),
    ]),
    identity<'balance'>('totalStockholdersEquity', [
      plus('commonStock'),
      plus('retainedEarnings'),
      plus('accumulatedOtherComprehensiveIncomeLoss'),
    ]),
    identity<'balance'>('totalEquity', [plus('totalStockholdersEquity'), plus('minorityInterest')]),
    // Assets = liabilities + equity, the identity every balance sheet is named after.
    identity<'balance'>('totalAssets', [plus('totalLiabilities'), plus('totalEquity')]),
    identity<'balance'>('totalLiabilitiesAndTotalEquity', [
      plus('totalLiabilities'),
      plus('totalEquity'),
    ]),
    identity<'balance'>('totalLiabilitiesAndStockholdersEquity', [plus('totalAssets')]),
    identity<'balance'>('totalDebt', [plus('shortTermDebt'), plus('longTermDebt')]),
    identity<'balance'>('netDebt', [plus('totalDebt'), minus('cashAndCashEquivalents')]),
    identity<'balance'>('totalInvestments', [
      plus('shortTermInvestments'),
      plus('longTermInvestments'),
    ]),
  ],
  cash: [
    identity<'cash'>('netCashProvidedByOperatingActivities', [
      plus('netIncome'),
      plus('depreciationAndAmortization'),
      plus('stockBasedCompensation'),
      plus('changeInWorkingCapital'),
      plus('otherNonCashItems'),
    ]),
    identity<'cash'>('netCashUsedForInvestingActivites', [
      plus('investmentsInPropertyPlantAndEquipment'),
      plus('acquisitionsNet'),
      plus('purchasesOfInvestments'),
      plus('salesMaturitiesOfInvestments'),
      plus('otherInvestingActivites'),
    ]),
    identity<'cash'>('netCashUsedProvidedByFinancingActivities', [
      plus('debtRepayment'),
      plus('commonStockIssued'),
      plus('commonStockRepurchased'),
      plus('dividendsPaid'),
      plus('otherFinancingActivites'),
    ]),
    identity<'cash'>('netChangeInCash', [
      plus('netCashProvidedByOperatingActivities'),
      plus('netCashUsedForInvestingActivites'),
      plus('netCashUsedProvidedByFinancingActivities'),
      plus('effectOfForexChangesOnCash'),
    ]),
    identity<'cash'>('cashAtEndOfPeriod', [
      plus('cashAtBeginningOfPeriod'),
      plus('netChangeInCash'),
    ]),
    identity<'cash'>('operatingCashFlow', [plus('netCashProvidedByOperatingActivities')]),
    identity<'cash'>('capitalExpenditure', [plus('investmentsInPropertyPlantAndEquipment')]),
    identity<'cash'>('freeCashFlow', [plus('operatingCashFlow'), plus('capitalExpenditure')]),
  ],
};

/** One identity applied to a sheet's figures. */
export interface IdentityCheck {
  readonly label: string;
  readonly total: string;
  /** The sum of the terms; null when a term or the total is not reported (null). */
  readonly expected: number | null;
  readonly reported: number | null;
  /** reported − expected; null when unchecked. */
  readonly difference: number | null;
  readonly holds: boolean | null;
}

type Lines = Readonly<Record<string, number | null | undefined>>;

const valueOf = (lines: Lines, field: string): number | null => {
  const value = lines[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/**
 * Every identity of the kind against `lines`. An identity with an unreported (null) line is
 * unchecked (holds: null) rather than failed: a filing may leave a line out.
 */
export function checkIdentities(kind: StatementKind, lines: Lines): IdentityCheck[] {
  return (SHEET_IDENTITIES[kind] as readonly Identity[]).map(
    ({ label, total, terms, tolerance }) => {
      const reported = valueOf(lines, total);
      let expected: number | null = 0;
      for (const [sign, field] of terms) {
        const value = valueOf(lines, String(field));
        if (value === null || expected === null) {
          expected = null;
          break;
        }
        expected += sign * value;
      }
      if (reported === null || expected === null) {
        return { label, total, expected, reported, difference: null, holds: null };
      }
      const difference = reported - expected;
      return {
        label,
        total,
        expected,
        reported,
        difference,
        holds: Math.abs(difference) <= tolerance,
      };
    },
  );
}

/** The identities a sheet breaks (an empty list when every checked one holds). */
export const brokenIdentities = (kind: StatementKind, lines: Lines): IdentityCheck[] =>
  checkIdentities(kind, lines).filter((check) => check.holds === false);
