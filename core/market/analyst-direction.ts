import type { AnalystRating } from './types';

/**
 * What a consensus rating says about the price: Buy and Strong Buy expect the price to rise, Sell
 * and Strong Sell to fall, Hold to stay about where it is. A mean price target must point the same
 * way against the price on the day of the consensus, or the page contradicts itself ("Buy" with a
 * target 60% below the price).
 */
export type RatingDirection = 'up' | 'flat' | 'down';

/**
 * A Hold's mean target lies within ±10% of the price. Brokers' rating definitions typically call
 * a stock Buy/Outperform at an expected twelve-month return above 10–15% and Sell/Underperform
 * below −10%, with Hold/Neutral in between; ±10% is the common inner edge of those bands.
 */
export const HOLD_UPSIDE_BAND = 0.1;

export function directionOf(rating: AnalystRating): RatingDirection {
  if (rating === 'Buy' || rating === 'Strong Buy') return 'up';
  if (rating === 'Sell' || rating === 'Strong Sell') return 'down';
  return 'flat';
}

/** Upside of a target over a price, as a fraction (0.1 = +10%); null without a positive price. */
export function upsideOf(target: number, price: number): number | null {
  return price > 0 && Number.isFinite(target) ? target / price - 1 : null;
}

/**
 * The direction of a research firm's grade, on the scales brokers publish (FMP's grades carry
 * them as written): Overweight, Outperform, Accumulate and the like expect a rise, Underweight,
 * Underperform and Reduce a fall, Neutral, Equal-Weight and Market Perform about the market's
 * move. Null for a grade this list does not know.
 */
const GRADE_DIRECTIONS: Readonly<Record<string, RatingDirection>> = {
  'strong buy': 'up',
  buy: 'up',
  outperform: 'up',
  overweight: 'up',
  accumulate: 'up',
  'market outperform': 'up',
  'sector outperform': 'up',
  hold: 'flat',
  neutral: 'flat',
  'equal-weight': 'flat',
  'market perform': 'flat',
  'sector perform': 'flat',
  'peer perform': 'flat',
  'in-line': 'flat',
  sell: 'down',
  'strong sell': 'down',
  underperform: 'down',
  underweight: 'down',
  reduce: 'down',
  'market underperform': 'down',
  'sector underperform': 'down',
};

export function gradeDirectionOf(grade: string): RatingDirection | null {
  return GRADE_DIRECTIONS[grade.trim().toLowerCase()] ?? null;
}

/** Whether a consensus rating agrees with its mean target's upside (see the directions above). */
export function ratingAgreesWithUpside(rating: AnalystRating, upside: number): boolean {
  return directionAgreesWithUpside(directionOf(rating), upside);
}

/** Whether a target's upside points the way of a direction (a flat one within the Hold band). */
export function directionAgreesWithUpside(direction: RatingDirection, upside: number): boolean {
  if (direction === 'up') return upside > 0;
  if (direction === 'down') return upside < 0;
  return Math.abs(upside) <= HOLD_UPSIDE_BAND;
}
