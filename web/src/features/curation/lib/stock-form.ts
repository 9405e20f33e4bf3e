import type { CuratedStock, StockInput, StockProfileInput } from '@core/curation/stock';
import { labelsOf } from '../../../lib/user-words';
import type { ItemField } from './changed-fields';

/** A field of the stock form: its label, a hint, and how it is entered. */
export interface StockFieldSpec<T> {
  readonly name: keyof T & string;
  readonly label: string;
  readonly hint?: string;
  readonly kind?: 'text' | 'number' | 'exchange';
}

/** The profile facts the detail screen edits (core's stockProfileSchema), as the form labels them. */
export const PROFILE_FIELDS: readonly StockFieldSpec<StockProfileInput>[] = [
  { name: 'companyName', label: 'Company name' },
  { name: 'currency', label: 'Currency', hint: 'ISO 4217, e.g. USD' },
  { name: 'sector', label: 'Sector' },
  { name: 'industry', label: 'Industry' },
  { name: 'country', label: 'Country', hint: 'ISO 3166 alpha-2, e.g. US' },
  { name: 'sharesOutstanding', label: 'Shares outstanding', kind: 'number' },
];

/** A new stock: its identity, then the profile facts. */
export const NEW_FIELDS: readonly StockFieldSpec<StockInput>[] = [
  { name: 'symbol', label: 'Symbol', hint: 'As the exchange lists it, e.g. AAPL or SAP.DE' },
  { name: 'exchangeShortName', label: 'Exchange', kind: 'exchange' },
  { name: 'isin', label: 'ISIN', hint: '12 characters; the check digit is verified' },
  ...PROFILE_FIELDS,
];

/**
 * What a stock's history compares: every profile fact labelled as the form labels it, and the
 * visibility (a hide or unhide is a version too). The identity never changes, so it is not listed.
 */
export const STOCK_HISTORY_FIELDS: readonly ItemField[] = [
  ...PROFILE_FIELDS.map(({ name, label }) => ({ path: name, label })),
  {
    path: 'hidden',
    label: 'Public search',
    show: (hidden) => (hidden === true ? 'Hidden' : 'Listed'),
  },
] satisfies readonly (ItemField & { path: keyof CuratedStock })[];

/** What the form calls each field core's messages (and the server's refusals) name. */
export const STOCK_LABELS = labelsOf(NEW_FIELDS.map(({ name, label }) => ({ path: name, label })));
