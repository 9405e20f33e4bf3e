import {
  directionAgreesWithUpside,
  gradeDirectionOf,
  upsideOf,
  type RatingDirection,
} from '../../../core/market/analyst-direction';
import {
  consensusOf as coreConsensusOf,
  withConsistentTargets,
} from '../../../core/market/analyst-consensus';
import type { AnalystData, AnalystRating } from '../../../core/market/types';
import type { DayClose } from './close-on';
import { roundToTick } from './instrument';
import type { Random } from './random';
import { addDays } from './statements';

/**
 * Analyst coverage of a demo company: rating counts, a consensus derived from them, price targets
 * around the simulated close on the consensus day, pointing the consensus's way
 * (core/market/analyst-direction), and a grade history from invented research firms, each grade
 * with a target set against the simulated close on its own day and pointing its grade's way.
 *
 * The consensus is core's rule (core/market/analyst-consensus), as for the provider's data, and
 * the targets' range spans the current grades' targets by the same core rule.
 * Every demo company has at least one analyst, so targets and grades are never empty.
 */

/** Invented research houses (no real broker's name). */
export const RESEARCH_FIRMS = [
  'Northbridge Securities',
  'Harrowgate Capital Markets',
  'Silverfen Research',
  'Kestrel Ridge Partners',
  'Ashcombe & Vale',
  'Tidewell Equity Research',
  'Larkspur Ridge Securities',
  'Corvane Research',
  'Quillfield Securities',
  'Redmarsh Capital',
  'Granitefold Partners',
  'Westerholt & Co.',
  'Fernhollow Markets',
  'Eastmere Securities',
  'Marlowe Keane Research',
  'Osterlund Capital',
  'Brackenfield Analytics',
  'Velgrave Securities',
  'Sundale Equity Partners',
  'Halvorsen Brook Research',
] as const;

/** Grade scales, best first; a firm keeps one scale. */
const SCALES: readonly (readonly string[])[] = [
  ['Strong Buy', 'Buy', 'Hold', 'Sell'],
  ['Overweight', 'Equal-Weight', 'Underweight'],
  ['Outperform', 'Market Perform', 'Underperform'],
  ['Buy', 'Neutral', 'Sell'],
];

type RatingKey = keyof AnalystData['ratings'];

/**
 * The mean target's upside over the price for each consensus, inside the directions of
 * core/market/analyst-direction (a Hold within ±HOLD_UPSIDE_BAND) with a margin, so rounding to
 * the tick never flips a sign.
 */
const UPSIDE_BANDS: Readonly<Record<AnalystRating, readonly [number, number]>> = {
  'Strong Buy': [0.15, 0.35],
  Buy: [0.04, 0.2],
  Hold: [-0.06, 0.06],
  Sell: [-0.2, -0.04],
  'Strong Sell': [-0.3, -0.12],
};

/** A grade's target upside over the close of its day, by the grade's direction (margins as above). */
const GRADE_UPSIDE_BANDS: Readonly<Record<RatingDirection, readonly [number, number]>> = {
  up: [0.05, 0.35],
  flat: [-0.06, 0.06],
  down: [-0.3, -0.05],
};

/** The consensus of rating counts (core's rule); no ratings count as Hold. */
export function consensusOf(ratings: AnalystData['ratings']): AnalystRating {
  return coreConsensusOf(ratings) ?? 'Hold';
}

export interface AnalystInput {
  readonly symbol: string;
  readonly currency: string;
  /** The simulated close on `asOf`: targets are set against it. */
  readonly priceAsOf: number;
  /** The trading day of the consensus (on or before the universe's anchor); grades end there. */
  readonly asOf: string;
  readonly tick: number;
  /** 0 (micro cap) … 1 (mega cap). */
  readonly sizeRank: number;
  /** Recent revenue growth, which tilts sentiment. */
  readonly revenueGrowth: number;
  /** The simulated close on the last trading day on or before a date (close-on.ts). */
  readonly closeOn: (date: string) => DayClose;
}

export function analystData(rng: Random, input: AnalystInput): AnalystData {
  const analysts = Math.round(
    Math.min(40, Math.max(1, 1 + 39 * input.sizeRank ** 1.3 + rng.normal(0, 2.5))),
  );
  const sentiment = Math.max(-1, Math.min(1, rng.normal(0.05, 0.4) + input.revenueGrowth));
  const weights: readonly (readonly [RatingKey, number])[] = [
    ['strongBuy', Math.exp(2 * sentiment) * 0.6],
    ['buy', Math.exp(sentiment) * 1.4],
    ['hold', 1.8],
    ['sell', Math.exp(-sentiment) * 0.35],
    ['strongSell', Math.exp(-2 * sentiment) * 0.1],
  ];
  const ratings = { strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 };
  for (let i = 0; i < analysts; i++) ratings[rng.weighted(weights)] += 1;
  const consensus = consensusOf(ratings);
  // The mean target's upside is drawn within the consensus's band, so the two never disagree;
  // single targets scatter around it and are rescaled to that mean.
  const [lowUpside, highUpside] = UPSIDE_BANDS[consensus];
  const meanMultiple = 1 + rng.float(lowUpside, highUpside);
  const multiples = Array.from({ length: analysts }, () =>
    Math.min(1.5, Math.max(0.7, meanMultiple * Math.exp(rng.normal(0, 0.08)))),
  );
  const scale = (meanMultiple * analysts) / multiples.reduce((a, b) => a + b, 0);
  const targets = multiples.map((m) => roundToTick(input.priceAsOf * m * scale, input.tick));
  targets.sort((a, b) => a - b);
  const middle = (targets.length - 1) / 2;
  const median = roundToTick(
    ((targets[Math.floor(middle)] ?? 0) + (targets[Math.ceil(middle)] ?? 0)) / 2,
    input.tick,
  );
  const mean = targets.reduce((a, b) => a + b, 0) / targets.length;

  return withConsistentTargets({
    symbol: input.symbol,
    ratings,
    consensus,
    asOf: input.asOf,
    priceAsOf: input.priceAsOf,
    priceTarget: {
      high: targets[targets.length - 1] ?? input.priceAsOf,
      low: targets[0] ?? input.priceAsOf,
      median,
      consensus: Math.round(mean * 100) / 100,
      currency: input.currency,
    },
    grades: gradeHistory(rng, input, sentiment),
  });
}

function gradeHistory(rng: Random, input: AnalystInput, sentiment: number): AnalystData['grades'] {
  const count = Math.min(15, Math.max(5, Math.round(5 + 10 * input.sizeRank + rng.normal(0, 2))));
  const firms = rng.shuffle(RESEARCH_FIRMS).slice(0, Math.max(2, Math.min(8, count - 2)));
  const scaleOf = new Map(firms.map((firm) => [firm, rng.pick(SCALES)]));
  // Dates: distinct trading days over roughly the three years up to the consensus day, oldest
  // first; each with the close its target is set against.
  const days = new Map<string, number>();
  while (days.size < count) {
    const { date, close } = input.closeOn(addDays(input.asOf, -rng.int(0, 3 * 365)));
    days.set(date, close);
  }
  const dates = [...days.keys()].sort();
  const last = new Map<string, number>();
  const grades: AnalystData['grades'][number][] = [];
  for (const date of dates) {
    const firm = rng.pick(firms);
    const scale = scaleOf.get(firm) ?? SCALES[0] ?? [];
    // Better sentiment → better grades: a position 0 (best) … 1 (worst) mapped onto the scale.
    const position = Math.min(1, Math.max(0, (1 - sentiment) / 2.4 + rng.normal(0, 0.2)));
    const level = Math.round(position * (scale.length - 1));
    const previous = last.get(firm);
    const action =
      previous === undefined
        ? 'initiate'
        : level < previous
          ? 'upgrade'
          : level > previous
            ? 'downgrade'
            : 'maintain';
    const newGrade = scale[level] ?? '';
    const priceWhenPosted = days.get(date) ?? 0;
    grades.push({
      date,
      gradingCompany: firm,
      previousGrade: previous === undefined ? '' : (scale[previous] ?? ''),
      newGrade,
      action,
      priceTarget: gradeTarget(rng, gradeDirectionOf(newGrade) ?? 'flat', priceWhenPosted, input),
      priceWhenPosted,
    });
    last.set(firm, level);
  }
  return grades.reverse();
}

/**
 * A grade's price target: drawn in its direction's band over the close of the grade's day and
 * rounded to the tick. Where the tick is coarse against a tiny price and the rounding would flip
 * the direction, the target keeps four decimals instead.
 */
function gradeTarget(
  rng: Random,
  direction: RatingDirection,
  close: number,
  input: AnalystInput,
): number {
  const [low, high] = GRADE_UPSIDE_BANDS[direction];
  const exact = close * (1 + rng.float(low, high));
  const rounded = roundToTick(exact, input.tick);
  const agrees = (target: number) =>
    directionAgreesWithUpside(direction, upsideOf(target, close) ?? 0);
  return rounded > 0 && agrees(rounded) ? rounded : Math.round(exact * 10_000) / 10_000;
}
