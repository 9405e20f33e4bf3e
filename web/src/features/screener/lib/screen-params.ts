import { convertAmount, type Currency, type FxRates } from '@core/market/fx';
import { toQueryNumber } from '@core/market/query-params';
import {
  MARKET_CAP_BANDS_USD,
  SCREEN_RANGE_KEYS,
  screenQuery,
  type ScreenQueryParams,
} from '@core/market/stock-screen';

/**
 * The screen as the address holds it: the API's own query parameters (core/market/stock-screen),
 * so a shared address is the screen itself. The form edits the filters; the table the sort and
 * the page.
 */
export const FILTER_KEYS = [
  'query',
  'exchange',
  'country',
  'sector',
  'industry',
  'currency',
  'shariah',
  ...SCREEN_RANGE_KEYS.flatMap((key) => [`${key}Min`, `${key}Max`] as const),
] as const satisfies readonly (keyof ScreenQueryParams)[];
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

const VIEW_KEYS = ['sort', 'order', 'offset', 'limit'] as const;
const KNOWN = [...FILTER_KEYS, ...VIEW_KEYS] as const;

export const EMPTY_FILTERS = Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as FilterValues;

/** The screen's parameters from the address (unknown ones left out). */
export function readScreenParams(search: URLSearchParams): ScreenQueryParams {
  const params: ScreenQueryParams = {};
  for (const key of KNOWN) {
    const value = search.get(key);
    if (value !== null && value !== '') params[key] = value;
  }
  return params;
}

export function toSearch(params: ScreenQueryParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of KNOWN) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  return search;
}

export function filterValues(params: ScreenQueryParams): FilterValues {
  return { ...EMPTY_FILTERS, ...Object.fromEntries(FILTER_KEYS.map((k) => [k, params[k] ?? ''])) };
}

/** The form's values as parameters: empty fields left out (the API refuses an empty value). */
export function filterParams(values: FilterValues): ScreenQueryParams {
  const params: ScreenQueryParams = {};
  for (const key of FILTER_KEYS) {
    const value = values[key].trim();
    if (value !== '') params[key] = value;
  }
  return params;
}

/** The API's messages by form field, for the fields it refuses (core's schema decides). */
export function filterErrors(values: FilterValues): Partial<Record<FilterKey, string>> {
  const checked = screenQuery.safeParse(filterParams(values));
  const errors: Partial<Record<FilterKey, string>> = {};
  for (const issue of checked.error?.issues ?? []) {
    const key = issue.path[0] as FilterKey | undefined;
    if (key && (FILTER_KEYS as readonly string[]).includes(key) && !errors[key]) {
      errors[key] = issue.message;
    }
  }
  return errors;
}

export interface Band {
  readonly key: string;
  readonly label: string;
  readonly min?: string;
  readonly max?: string;
}

/** The size bands in the screen's currency, as the bounds the form fills in. */
export function marketCapBands(currency: Currency, rates: FxRates): Band[] {
  const bound = (usd: number | undefined) =>
    usd === undefined
      ? undefined
      : toQueryNumber(Math.round(convertAmount(usd, 'USD', currency, rates)));
  return MARKET_CAP_BANDS_USD.map((band) => {
    const min = bound(band.min);
    const max = bound(band.max);
    return { key: band.key, label: band.label, ...(min ? { min } : {}), ...(max ? { max } : {}) };
  });
}

export const SECTORS = [
  'Basic Materials',
  'Communication Services',
  'Consumer Cyclical',
  'Consumer Defensive',
  'Energy',
  'Financial Services',
  'Healthcare',
  'Industrials',
  'Real Estate',
  'Technology',
  'Utilities',
] as const;
