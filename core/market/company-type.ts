import type { RatiosTtmField } from './ratios';

/**
 * Statement lines that have no meaning for some kinds of company. A bank's or an insurer's income
 * statement has no cost of revenue (interest, claims and commissions are operating costs), so FMP
 * reports costOfRevenue 0 and grossProfit = revenue for them, and peers' pages (Yahoo, Morningstar)
 * show no gross margin. A ratio built on such a line would read "100%" and mislead; it is null.
 */
export type CompanyType = 'bank' | 'insurer' | 'general';

/** The company type from the profile's sector and industry (FMP's industry names). */
export function companyTypeOf(profile: {
  readonly sector?: string;
  readonly industry?: string;
}): CompanyType {
  const industry = profile.industry ?? '';
  if (/^Banks\b/i.test(industry)) return 'bank';
  if (/^Insurance\b/i.test(industry)) return 'insurer';
  return 'general';
}

/** Income-statement lines that are not meaningful for each company type. */
export const UNDEFINED_LINES: Readonly<Record<CompanyType, readonly string[]>> = {
  bank: ['costOfRevenue', 'grossProfit', 'grossProfitRatio'],
  insurer: ['costOfRevenue', 'grossProfit', 'grossProfitRatio'],
  general: [],
};

/** TTM ratios built on cost of revenue or gross profit (their formulas in ratios.ts). */
const COST_OF_REVENUE_RATIOS: readonly RatiosTtmField[] = [
  'grossProfitMarginTTM',
  'daysOfInventoryOutstandingTTM',
  'daysOfPayablesOutstandingTTM',
  'cashConversionCycleTTM',
  'payablesTurnoverTTM',
  'inventoryTurnoverTTM',
];

/** The ratios that are null for a company type because a line they use is undefined. */
export function undefinedRatiosOf(type: CompanyType): readonly RatiosTtmField[] {
  return UNDEFINED_LINES[type].length > 0 ? COST_OF_REVENUE_RATIOS : [];
}

/** Why a ratio shows "—" for this company type, or null when it is meaningful. */
export function notMeaningfulNote(type: CompanyType, field: RatiosTtmField): string | null {
  if (!undefinedRatiosOf(type).includes(field)) return null;
  return type === 'bank' ? 'Not meaningful for banks' : 'Not meaningful for insurers';
}
