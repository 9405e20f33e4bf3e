import type { BalanceSheet, CompanyProfile, IncomeStatement, ShariahInputs } from './types';

type Activity = ShariahInputs['businessActivity'];

/**
 * The provider's industries (FMP's names) whose core business a Shariah screen excludes. Banks,
 * insurers and the other interest-based lenders and brokers are conventional finance; the
 * brewers, distillers, tobacco and casino industries are their activity. Aerospace & defence is
 * left permissible: the industry holds airliner makers as well as arms makers, and the statements
 * cannot tell them apart, so a reviewer decides (the curation console's override).
 */
const EXCLUDED_INDUSTRIES: ReadonlyArray<readonly [RegExp, Activity]> = [
  [/^Banks\b/i, 'conventional-finance'],
  [/^Insurance\b/i, 'conventional-finance'],
  [/^(Financial - )?Capital Markets$/i, 'conventional-finance'],
  [/^Asset Management\b/i, 'conventional-finance'],
  [/^Financial - (Credit Services|Mortgages|Diversified)$/i, 'conventional-finance'],
  [/^Beverages - (Brewers|Wineries & Distilleries)$/i, 'alcohol'],
  [/^Tobacco$/i, 'tobacco'],
  [/^Gambling\b/i, 'gambling'],
];

/** The business activity a provider's industry name implies ('permissible' unless excluded). */
export function activityOfIndustry(industry: string): Activity {
  const name = industry.trim();
  return EXCLUDED_INDUSTRIES.find(([pattern]) => pattern.test(name))?.[1] ?? 'permissible';
}

/**
 * Shariah inputs for a company no reviewer has screened yet, from what the provider reports:
 * - the business activity from its industry (activityOfIndustry);
 * - the non-permissible revenue as its TTM interest income over TTM revenue: the one
 *   non-permissible revenue that statements show (a reviewer's revenue split replaces it);
 * - interest-bearing securities as its short-term investments: statements do not tell sukuk from
 *   bonds, so all are counted, the conservative reading;
 * - as of the latest balance sheet's date.
 * A reviewer's inputs, entered in the curation console, replace these whole.
 */
export function providerShariahInputs(
  profile: Pick<CompanyProfile, 'symbol' | 'industry'>,
  income: Pick<IncomeStatement, 'revenue' | 'interestIncome'>,
  balance: Pick<BalanceSheet, 'date' | 'shortTermInvestments'>,
): ShariahInputs {
  const interest = Math.max(0, income.interestIncome);
  const share = income.revenue > 0 ? Math.min(1, interest / income.revenue) : 0;
  return {
    symbol: profile.symbol,
    businessActivity: activityOfIndustry(profile.industry),
    nonPermissibleRevenueShare: Math.round(share * 10_000) / 10_000,
    interestBearingSecurities: Math.max(0, balance.shortTermInvestments),
    asOf: balance.date,
  };
}
