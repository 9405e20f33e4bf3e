import {
  directionAgreesWithUpside,
  HOLD_UPSIDE_BAND,
  ratingAgreesWithUpside,
  directionOf,
  gradeDirectionOf,
  upsideOf,
} from '../market/analyst-direction';
import { consensusOf, gradesOutsideRange } from '../market/analyst-consensus';
import * as z from 'zod';
import { isinSchema } from '../isin';
import type { AnalystData, AnalystRating } from '../market/types';
import { isoDateSchema } from '../validation';
import { versionSchema } from './history';
import { jsonArgument } from './json-argument';
import { plainText } from './plain-text';

/**
 * Analyst data as the console curates it: the rating distribution and consensus, the price targets
 * (low, mean, median, high, in a currency) and the grade history. The stored value is FMP's shape
 * (AnalystData) so the public page reads curated and ingested data alike.
 */
export const ANALYST_RATINGS = [
  'Strong Buy',
  'Buy',
  'Hold',
  'Sell',
  'Strong Sell',
] as const satisfies readonly AnalystRating[];
export const GRADE_ACTIONS = ['upgrade', 'downgrade', 'maintain', 'initiate'] as const;

export { ANALYST_CONFLICT_MESSAGE } from './conflict-messages';
/** Most grade rows kept with a company: the page shows the latest; older ones add nothing. */
export const MAX_GRADES = 100;

const text = (field: string, max: number) => plainText(field, { max });
const count = (field: string) =>
  z
    .int(`${field} must be a whole number`)
    .min(0, `${field} must not be negative`)
    .max(1_000, `${field} is at most 1,000`);
const price = (field: string) =>
  z
    .number(`${field} must be a number`)
    .positive(`${field} must be positive`)
    .max(1e9, `${field} is out of range`);

export const analystInputSchema = z
  .strictObject({
    ratings: z.strictObject({
      strongBuy: count('strongBuy'),
      buy: count('buy'),
      hold: count('hold'),
      sell: count('sell'),
      strongSell: count('strongSell'),
    }),
    consensus: z.enum(ANALYST_RATINGS, `consensus must be one of ${ANALYST_RATINGS.join(', ')}`),
    priceTarget: z.strictObject({
      low: price('low'),
      consensus: price('consensus'),
      median: price('median'),
      high: price('high'),
      currency: z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO 4217 code'),
    }),
    grades: z
      .array(
        z.strictObject({
          date: isoDateSchema,
          gradingCompany: text('gradingCompany', 100),
          // Empty for an initiation: there was no grade before (FMP writes "").
          previousGrade: plainText('previousGrade', { min: 0, max: 40 }),
          newGrade: text('newGrade', 40),
          action: z.enum(GRADE_ACTIONS, `action must be one of ${GRADE_ACTIONS.join(', ')}`),
          // The grade's target and the close of its day, as stored (kept when a row is saved back).
          priceTarget: price('priceTarget').optional(),
          priceWhenPosted: price('priceWhenPosted').optional(),
        }),
        'grades must be a list',
      )
      .max(MAX_GRADES, `grades takes at most ${MAX_GRADES} rows`),
    // The day the consensus and targets were taken and the close on it: the public page says
    // "As of …, when the price was …". Optional (FMP's reads carry neither), but a save must keep
    // them, or an edit would silently drop what the page tells the investor.
    asOf: isoDateSchema.optional(),
    priceAsOf: price('priceAsOf').optional(),
  })
  .superRefine((input, ctx) => {
    const { low, consensus, median, high } = input.priceTarget;
    const order = (path: string, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: ['priceTarget', path], message });
    };
    order('high', low <= high, 'high must not be below low');
    order(
      'consensus',
      low <= consensus && consensus <= high,
      'consensus (mean) must lie between low and high',
    );
    order('median', low <= median && median <= high, 'median must lie between low and high');
    const total = Object.values(input.ratings).reduce((sum, n) => sum + n, 0);
    if (total === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ratings'],
        message: 'ratings need at least one analyst',
      });
    }
  });

export type AnalystInput = z.infer<typeof analystInputSchema>;

/** The stored value: FMP's AnalystData with the grades newest first. */
export function toAnalystData(input: AnalystInput, symbol: string): AnalystData {
  const grades = [...input.grades].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { symbol, ...input, grades };
}

/** How far a mean target may sit from the price before the console asks "is this right?". */
export const IMPLAUSIBLE_UPSIDE = { below: -0.5, above: 1 } as const;

/**
 * Warnings, not errors: what a careful editor checks before saving. A mean target less than half
 * or more than double the price, a consensus whose direction contradicts the target's upside, a
 * consensus far from what the distribution says, and a grade whose own target is implausible or
 * points against the grade at the price when it was posted.
 */
export function analystWarnings(input: AnalystInput, lastPrice: number | null): string[] {
  const warnings: string[] = [];
  const { consensus: mean, currency } = input.priceTarget;
  const upside = lastPrice === null ? null : upsideOf(mean, lastPrice);
  if (lastPrice !== null && upside !== null) {
    const percent = `${(upside * 100).toFixed(1)}%`;
    if (implausible(upside)) {
      warnings.push(
        `The mean target ${mean} ${currency} is ${percent} from the price ${lastPrice}: check the currency and the figures`,
      );
    }
    // The stock page's rule (core analyst-direction), as for each grade below: Buy means upside,
    // Sell downside, Hold within the band.
    if (!ratingAgreesWithUpside(input.consensus, upside)) {
      warnings.push(
        `A ${input.consensus} consensus with ${consensusMismatch(input.consensus, percent)}`,
      );
    }
  }
  // The consensus the page would derive from the same counts (core's one rule).
  const implied = consensusOf(input.ratings);
  if (implied !== undefined && implied !== input.consensus) {
    warnings.push(`The distribution points to ${implied}, not ${input.consensus}`);
  }
  return [
    ...warnings,
    ...rangeWarnings(input.priceTarget, input.grades),
    ...input.grades.flatMap(gradeWarning),
  ];
}

/**
 * A current grade's target outside the low–high range: the range covers every analyst, these
 * firms included, so the page would widen it to the target (core's priceTargetOf) and show a
 * High or Low the editor did not enter.
 */
function rangeWarnings(
  target: AnalystInput['priceTarget'],
  grades: AnalystInput['grades'],
): string[] {
  return gradesOutsideRange(target, grades).map((grade) => {
    const above = grade.priceTarget! > target.high;
    return (
      `The target ${grade.priceTarget} ${target.currency} of ${grade.gradingCompany} on ${grade.date} ` +
      `lies ${above ? `above the high ${target.high}` : `below the low ${target.low}`}: ` +
      `the page will show it as the ${above ? 'high' : 'low'} unless the range is corrected`
    );
  });
}

/** What a consensus that contradicts its mean target's upside is told, by its direction. */
function consensusMismatch(consensus: AnalystInput['consensus'], percent: string): string {
  const direction = directionOf(consensus);
  if (direction === 'up') return `a mean target below the price (${percent})`;
  if (direction === 'down') return `a mean target above the price (+${percent})`;
  return `a mean target ${percent} from the price, outside the Hold band (±${HOLD_UPSIDE_BAND * 100}%)`;
}

const implausible = (upside: number) =>
  upside < IMPLAUSIBLE_UPSIDE.below || upside > IMPLAUSIBLE_UPSIDE.above;

/**
 * A grade's target read as the stock page reads it, against the price when posted: far off that
 * price (a slipped digit, another currency), or pointing against the grade (a Buy with a target
 * below the price then; a Neutral outside the Hold band). A grade without both, or on a scale
 * core does not know, has nothing to check.
 */
function gradeWarning(grade: AnalystInput['grades'][number]): string[] {
  const { priceTarget, priceWhenPosted, newGrade, gradingCompany, date } = grade;
  if (priceTarget === undefined || priceWhenPosted === undefined) return [];
  const upside = upsideOf(priceTarget, priceWhenPosted);
  if (upside === null) return [];
  const which = `The ${newGrade} of ${gradingCompany} on ${date}`;
  const percent = `${upside > 0 ? '+' : ''}${(upside * 100).toFixed(1)}%`;
  if (implausible(upside)) {
    return [
      `${which}: the target ${priceTarget} is ${percent} from the price when posted ${priceWhenPosted}: check the figures`,
    ];
  }
  const direction = gradeDirectionOf(newGrade);
  if (direction === null || directionAgreesWithUpside(direction, upside)) return [];
  return [`${which} has a target ${percent} from the price when posted`];
}

/** The GraphQL fields' arguments. */
const version = versionSchema;
export const ANALYST_ARGS = {
  curatedAnalyst: z.object({ isin: isinSchema }),
  analystHistory: z.object({ isin: isinSchema }),
  updateAnalyst: z.object({
    isin: isinSchema,
    analyst: jsonArgument(analystInputSchema),
    version,
  }),
  restoreAnalyst: z.object({ isin: isinSchema, version: version.min(1), expectedVersion: version }),
} as const satisfies Record<string, z.ZodObject>;
