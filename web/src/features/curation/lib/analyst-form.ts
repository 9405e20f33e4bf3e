import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { analystInputSchema, analystWarnings, type AnalystInput } from '@core/curation/analyst';
import type { AnalystData } from '@core/market/types';
import { labelledResolver, labelsOf } from '../../../lib/user-words';
import { analystApi } from '../api/analyst-api';
import type { ItemField, ItemRows } from './changed-fields';
import type { CuratedItemKind } from '../components/CuratedItemEditor';

/** The form's values: core's input as typed (counts and prices as numbers, NaN while empty). */
export type AnalystForm = z.input<typeof analystInputSchema>;
export type Grade = AnalystForm['grades'][number];

export const RATING_FIELDS = [
  ['strongBuy', 'Strong buy'],
  ['buy', 'Buy'],
  ['hold', 'Hold'],
  ['sell', 'Sell'],
  ['strongSell', 'Strong sell'],
] as const;

export const TARGET_FIELDS = [
  ['low', 'Low target'],
  ['consensus', 'Mean target (consensus)'],
  ['median', 'Median target'],
  ['high', 'High target'],
] as const;

/** What the history compares, labelled as the form labels it. */
export const ANALYST_HISTORY_FIELDS: readonly ItemField[] = [
  ...RATING_FIELDS.map(([key, label]) => ({ path: `ratings.${key}`, label: `${label} ratings` })),
  { path: 'consensus', label: 'Consensus' },
  ...TARGET_FIELDS.map(([key, label]) => ({ path: `priceTarget.${key}`, label })),
  { path: 'priceTarget.currency', label: 'Target currency' },
  { path: 'asOf', label: 'As of' },
  { path: 'priceAsOf', label: 'Price on that day' },
];

/** What the form calls each field core's messages name (the grade rows' columns too). */
export const ANALYST_LABELS = {
  ...labelsOf(ANALYST_HISTORY_FIELDS),
  ratings: 'Ratings',
  consensus: 'Consensus',
  grades: 'Grades',
  date: 'Date',
  gradingCompany: 'Firm',
  previousGrade: 'Previous grade',
  newGrade: 'New grade',
  action: 'Action',
  priceTarget: 'Target',
  priceWhenPosted: 'Price when posted',
};

/**
 * A grade in one line: '2025-03-01 Acme Securities: Hold → Buy (upgrade), target 130 at 97' (the
 * target and the price when posted where known, so the history shows an edit of either).
 */
export const describeGrade = (grade: Grade): string =>
  `${grade.date} ${grade.gradingCompany}: ${grade.previousGrade || '—'} → ${grade.newGrade} (${grade.action})` +
  (grade.priceTarget === undefined ? '' : `, target ${grade.priceTarget}`) +
  (grade.priceWhenPosted === undefined ? '' : ` at ${grade.priceWhenPosted}`);

export const GRADE_ROWS: ItemRows<Grade> = {
  path: 'grades',
  label: 'Grade',
  describe: describeGrade,
};

/** A grade row as the form holds it: its optional prices present, if unknown (see below). */
const gradeRow = (grade: Grade): Grade => ({
  priceTarget: undefined,
  priceWhenPosted: undefined,
  ...grade,
});

/** A new grade row: today's date, an initiation (no grade before), no target yet. */
export const newGrade = (today: string): Grade =>
  gradeRow({
    date: today,
    gradingCompany: '',
    previousGrade: '',
    newGrade: '',
    action: 'initiate',
  });

/**
 * The form for a stored value; a company without analyst data starts with no ratings, no
 * targets in the company's currency and no grades. An empty price shows as an empty box.
 */
export function analystForm(value: AnalystData | null, currency: string): AnalystForm {
  if (!value) {
    const empty = Number.NaN;
    return {
      ratings: { strongBuy: 0, buy: 0, hold: 0, sell: 0, strongSell: 0 },
      consensus: 'Hold',
      priceTarget: { low: empty, consensus: empty, median: empty, high: empty, currency },
      grades: [],
      asOf: undefined,
      priceAsOf: undefined,
    };
  }
  // Only the input's fields: the stored value repeats the symbol, which the input does not take.
  const { ratings, consensus, priceTarget, grades, asOf, priceAsOf } = value;
  return {
    ratings: { ...ratings },
    consensus,
    priceTarget: { ...priceTarget },
    // Present even when unknown: the form's registered boxes hold the keys, and a missing key
    // would make an untouched form look changed. The same goes for each grade's target and price
    // when posted (the stock page shows the grade's upside then).
    asOf,
    priceAsOf,
    grades: grades.map(gradeRow),
  };
}

/**
 * Core's warnings for the draft at the current price, once its figures pass core's rule (a grade
 * row being typed does not hide them); null while they do not.
 */
export function draftWarnings(draft: AnalystForm, price: number | null): string[] | null {
  const parsed =
    analystInputSchema.safeParse(draft).data ??
    analystInputSchema.safeParse({ ...draft, grades: [] }).data;
  return parsed ? analystWarnings(parsed, price) : null;
}

/** The analyst data as the curation editor handles it (resource ANALYST, per ISIN). */
export const analystKind = (
  currency: string,
): CuratedItemKind<AnalystData, AnalystForm, AnalystInput> => ({
  api: analystApi,
  resource: 'ANALYST',
  what: 'analyst data',
  title: 'Analyst data',
  toForm: (value) => analystForm(value, currency),
  resolver: labelledResolver(zodResolver(analystInputSchema), ANALYST_LABELS),
  fields: ANALYST_HISTORY_FIELDS,
  rows: [GRADE_ROWS],
});
