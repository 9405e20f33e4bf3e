import { EXCHANGES } from '@core/market/exchanges';
import { toQueryNumber } from '@core/market/query-params';
import { searchQuery, type SearchQueryParams } from '@core/market/screener';
import { toOptionalNumber } from '@core/validation';

/**
 * The screener's filters (GET /api/asset/stocks/search takes FMP stock-screener queries: SPEC §7
 * "arbitrary filter queries") as the form and the URL hold them: plain strings. They are checked
 * and written with the API's own schema (core/market/screener.ts), so the form never sends a
 * query the API refuses.
 */
export interface ScreenerFilters {
  readonly query: string;
  readonly sector: string;
  readonly exchange: string;
  /** A key of MARKET_CAP_BANDS, or '' for any. */
  readonly marketCap: string;
  readonly priceMin: string;
  readonly priceMax: string;
  readonly dividendMin: string;
}

export const EMPTY_FILTERS: ScreenerFilters = {
  query: '',
  sector: '',
  exchange: '',
  marketCap: '',
  priceMin: '',
  priceMax: '',
  dividendMin: '',
};

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

/** Exchange short names offered as suggestions: the markets the product covers. */
export const EXCHANGE_SUGGESTIONS: readonly string[] = EXCHANGES.map((e) => e.shortName);

export const MARKET_CAP_BANDS: Readonly<
  Record<string, { readonly label: string; readonly min?: number; readonly max?: number }>
> = {
  mega: { label: 'Mega (over 200B)', min: 200e9 },
  large: { label: 'Large (10B–200B)', min: 10e9, max: 200e9 },
  mid: { label: 'Mid (2B–10B)', min: 2e9, max: 10e9 },
  small: { label: 'Small (300M–2B)', min: 300e6, max: 2e9 },
  micro: { label: 'Micro (under 300M)', max: 300e6 },
};

const RESULT_LIMIT = 50;

const KEYS = Object.keys(EMPTY_FILTERS) as (keyof ScreenerFilters)[];

export function filtersFromParams(params: URLSearchParams): ScreenerFilters {
  const read = Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? '']));
  return { ...EMPTY_FILTERS, ...read };
}

export function filtersToParams(filters: ScreenerFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value !== '') params.set(key, value);
  }
  return params;
}

export type FilterErrors = Partial<Record<keyof ScreenerFilters, string>>;

/** Which form field each API parameter comes from (its errors are shown there). */
const FIELD_OF: Readonly<Partial<Record<keyof SearchQueryParams, keyof ScreenerFilters>>> = {
  query: 'query',
  sector: 'sector',
  exchange: 'exchange',
  marketCapMoreThan: 'marketCap',
  marketCapLowerThan: 'marketCap',
  priceMoreThan: 'priceMin',
  priceLowerThan: 'priceMax',
  dividendMoreThan: 'dividendMin',
};

const NUMBER_FIELDS = ['priceMin', 'priceMax', 'dividendMin'] as const;

/**
 * The form's own rules first (§5: an optional numeric value is a number or nothing; no negative
 * bound; the price range the right way round), then the API's schema on the query it would send.
 */
export function validateFilters(filters: ScreenerFilters): FilterErrors {
  const errors: FilterErrors = {};
  for (const key of NUMBER_FIELDS) {
    const raw = filters[key].trim();
    if (raw === '') continue;
    const value = toOptionalNumber(raw);
    if (value === null) errors[key] = 'Enter a number, or leave it empty';
    else if (value < 0) errors[key] = 'Enter zero or more';
  }
  const min = toOptionalNumber(filters.priceMin);
  const max = toOptionalNumber(filters.priceMax);
  if (!errors.priceMax && min !== null && max !== null && max < min) {
    errors.priceMax = 'The highest price must not be below the lowest';
  }
  const checked = searchQuery.safeParse(filtersToQuery(filters));
  for (const issue of checked.error?.issues ?? []) {
    const field = FIELD_OF[issue.path[0] as keyof SearchQueryParams];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The API query for the filters (bounds are exclusive on the server, as FMP's): every value a
 * string as the query string carries it, numbers in plain decimals (never '1e-7').
 */
export function filtersToQuery(filters: ScreenerFilters): SearchQueryParams {
  const band = MARKET_CAP_BANDS[filters.marketCap];
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? undefined : toQueryNumber(value);
  const text = (raw: string) => (raw.trim() === '' ? undefined : raw.trim());
  const query: SearchQueryParams = {
    query: text(filters.query),
    sector: text(filters.sector),
    exchange: text(filters.exchange)?.toUpperCase(),
    marketCapMoreThan: number(band?.min),
    marketCapLowerThan: number(band?.max),
    priceMoreThan: number(toOptionalNumber(filters.priceMin)),
    priceLowerThan: number(toOptionalNumber(filters.priceMax)),
    dividendMoreThan: number(toOptionalNumber(filters.dividendMin)),
    limit: String(RESULT_LIMIT),
  };
  // Absent filters are left out, not sent empty (the API refuses an empty value).
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as SearchQueryParams;
}
