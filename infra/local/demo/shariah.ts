import type { ShariahInputs } from '../../../core/market/types';
import type { Random } from './random';
import type { BusinessActivity, IndustryProfile } from './taxonomy';

/**
 * Shariah-screen inputs of a demo company. Most companies are permissible with 0–3 % of revenue
 * from non-permissible sources, some above 5 %; conventional banks, insurers and brokers and the
 * alcohol, tobacco, gambling and defence companies have the matching prohibited activity. Saudi
 * banks are Islamic banks about half the time (permissible).
 */

export function businessActivityOf(
  rng: Random,
  industry: IndustryProfile,
  country: string,
): BusinessActivity {
  if (industry.model === 'bank' && country === 'SA' && rng.chance(0.5)) return 'permissible';
  if (industry.weaponsShare > 0 && rng.chance(industry.weaponsShare)) return 'weapons';
  return industry.activity;
}

export interface ShariahInput {
  readonly symbol: string;
  readonly activity: BusinessActivity;
  readonly shortTermInvestments: number;
  readonly asOf: string;
}

export function shariahInputs(rng: Random, input: ShariahInput): ShariahInputs {
  let share: number;
  if (input.activity === 'conventional-finance') share = rng.float(0.55, 0.95);
  else if (input.activity !== 'permissible') share = rng.float(0.6, 1);
  else {
    const tier = rng.next();
    share =
      tier < 0.85 ? rng.float(0, 0.03) : tier < 0.92 ? rng.float(0.03, 0.05) : rng.float(0.05, 0.2);
  }
  return {
    symbol: input.symbol,
    businessActivity: input.activity,
    nonPermissibleRevenueShare: Math.round(share * 10_000) / 10_000,
    interestBearingSecurities: Math.round(input.shortTermInvestments * rng.float(0.3, 1)),
    asOf: input.asOf,
  };
}
