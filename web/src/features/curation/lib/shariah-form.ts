import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type * as z from 'zod';
import {
  SHARIAH_OPTIONAL_FIGURES,
  shariahInputSchema,
  type ShariahInput,
  type ShariahOptionalFigure,
} from '@core/curation/shariah';
import type { ShariahInputs } from '@core/market/types';
import type { ItemField, ItemRows } from './changed-fields';
import type { CuratedItemKind } from '../components/CuratedItemEditor';
import { shariahApi } from '../api/shariah-api';
import { labelledResolver, labelsOf } from '../../../lib/user-words';

type Input = z.input<typeof shariahInputSchema>;
type Override = NonNullable<Input['override']>;
export type RevenueSource = Input['revenueSplit']['sources'][number];

/**
 * The form's values: core's input as typed (amounts as numbers, NaN or undefined while empty),
 * with the override always present and `overrideOn` saying whether it is sent.
 */
export type ShariahForm = Omit<Input, 'override'> & {
  readonly overrideOn: boolean;
  readonly override: Override;
};

const FIGURE_LABELS: Readonly<Record<ShariahOptionalFigure, string>> = {
  interestBearingDebt: 'Interest-bearing debt',
  cashAndEquivalents: 'Cash and equivalents',
  receivables: 'Receivables',
};

/** Core's curated figures that replace the balance sheet's when given, with their labels. */
export const OPTIONAL_FIGURES = SHARIAH_OPTIONAL_FIGURES.map(
  (figure) => [figure, FIGURE_LABELS[figure]] as const,
);

/** What the history compares, labelled as the form labels it. */
export const SHARIAH_HISTORY_FIELDS: readonly ItemField[] = [
  { path: 'businessActivity', label: 'Business activity' },
  { path: 'interestBearingSecurities', label: 'Interest-bearing securities' },
  { path: 'asOf', label: 'As of' },
  ...OPTIONAL_FIGURES.map(([path, label]) => ({ path, label })),
  { path: 'revenueSplit.permissible', label: 'Permissible revenue' },
  { path: 'revenueSplit.nonPermissible', label: 'Non-permissible revenue' },
  { path: 'override.verdict', label: 'Override verdict' },
  { path: 'override.reason', label: 'Override reason' },
  { path: 'override.reviewedOn', label: 'Override review date' },
  { path: 'override.reviewer', label: 'Override reviewer' },
];

export const SOURCE_ROWS: ItemRows<RevenueSource> = {
  path: 'revenueSplit.sources',
  label: 'Revenue source',
  describe: (source) => `${source.name}: ${source.amount.toLocaleString('en-US')}`,
};

/** An empty number box: core's rule names it ("… must be a number") if it is needed. */
const EMPTY = Number.NaN;

/** The form for stored inputs; a company without any starts empty, as of `today`. */
export function shariahForm(value: ShariahInputs | null, today: string): ShariahForm {
  const override = value?.override;
  return {
    businessActivity: value?.businessActivity ?? 'permissible',
    interestBearingSecurities: value?.interestBearingSecurities ?? EMPTY,
    asOf: value?.asOf ?? today,
    interestBearingDebt: value?.interestBearingDebt,
    cashAndEquivalents: value?.cashAndEquivalents,
    receivables: value?.receivables,
    revenueSplit: {
      permissible: value?.revenueSplit?.permissible ?? EMPTY,
      nonPermissible: value?.revenueSplit?.nonPermissible ?? EMPTY,
      sources: (value?.revenueSplit?.sources ?? []).map(({ name, amount }) => ({ name, amount })),
    },
    overrideOn: override !== undefined,
    // The reviewer is not the form's: the server names the curator who saves.
    override: {
      verdict: override?.verdict ?? 'compliant',
      reason: override?.reason ?? '',
      reviewedOn: override?.reviewedOn ?? today,
    },
  };
}

/** A number box's value: empty is undefined (an optional figure left to the balance sheet). */
export const optionalAmount = (typed: unknown): number | undefined =>
  typed === '' || typed === null || typed === undefined ? undefined : Number(typed);

/** The API's input of the form: the override only when switched on, empty optional figures left out. */
export function shariahInputOf({ overrideOn, override, ...values }: ShariahForm): Input {
  const input: Record<string, unknown> = { ...values };
  for (const [key] of OPTIONAL_FIGURES) {
    const amount = values[key];
    if (amount === undefined || Number.isNaN(amount)) delete input[key];
  }
  if (overrideOn) input.override = override;
  return input as Input;
}

const checkInput = zodResolver(shariahInputSchema);

/** Core's shariahInputSchema over the form's input: error paths are the form's own. */
export const shariahResolver: Resolver<ShariahForm, unknown, ShariahInput> = (
  values,
  context,
  options,
) => checkInput(shariahInputOf(values), context, options as never) as never;

/** The sum of the listed sources, to set beside the non-permissible revenue. */
export const sourcesTotal = (sources: readonly Partial<RevenueSource>[] | undefined): number =>
  (sources ?? []).reduce((sum, source) => sum + (Number(source.amount) || 0), 0);

/** The Shariah inputs as the curation editor handles them (SHARIAH, a GENERAL resource). */
export const shariahKind = (
  today: string,
): CuratedItemKind<ShariahInputs, ShariahForm, ShariahInput> => ({
  api: shariahApi,
  resource: 'SHARIAH',
  what: 'Shariah inputs',
  title: 'Shariah inputs',
  toForm: (value) => shariahForm(value, today),
  resolver: labelledResolver(shariahResolver, {
    ...labelsOf(SHARIAH_HISTORY_FIELDS),
    sources: 'Revenue sources',
    name: 'Source name',
    amount: 'Source amount',
  }),
  fields: SHARIAH_HISTORY_FIELDS,
  rows: [SOURCE_ROWS],
});
