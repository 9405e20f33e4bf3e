import { nonPermissibleShare } from '../market/shariah';
import { providerShariahInputs } from '../market/shariah-provider-inputs';
import type { CompanyProfile, IncomeStatement, ShariahInputs } from '../market/types';
import type { NonPermissibleShare } from './purification';

/**
 * A company's non-permissible income share for each fiscal year it reported, the periods a
 * dividend is purified by (purification.ts):
 * - each annual income statement gives its year's share the way the Shariah screen reads the
 *   provider's figures (interest income over revenue, shariah-provider-inputs.ts);
 * - a reviewer's inputs give the share of the period ending on their as-of date (their revenue
 *   split where they entered one), in place of the provider's for that period. Older years keep
 *   the provider's share: the reviewer's figure is not the one those dividends were paid from.
 */
export function nonPermissibleSharesByPeriod(
  profile: Pick<CompanyProfile, 'symbol' | 'industry'>,
  annualIncome: readonly Pick<IncomeStatement, 'date' | 'revenue' | 'interestIncome'>[],
  reviewed: ShariahInputs | undefined,
): NonPermissibleShare[] {
  const periods = new Map<string, number | null>();
  for (const year of annualIncome) {
    // The screen reads a year without revenue as 0 % (nothing to fail); a sum to give away
    // cannot: the share is unknown, and the purification says so.
    if (!(year.revenue > 0)) {
      periods.set(year.date, null);
      continue;
    }
    const inputs = providerShariahInputs(profile, year, {
      date: year.date,
      shortTermInvestments: 0,
    });
    periods.set(year.date, nonPermissibleShare(inputs));
  }
  if (reviewed) periods.set(reviewed.asOf, nonPermissibleShare(reviewed));
  return [...periods]
    .map(([periodEnd, share]) => ({ periodEnd, share }))
    .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
}
