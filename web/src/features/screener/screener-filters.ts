import { toOptionalNumber } from '../../../../core/validation';

/**
 * The screener's filters (GET /api/asset/stocks/search takes FMP stock-screener queries: SPEC §7
 * "arbitrary filter queries") as the form and the URL hold them: plain strings.
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

/** Exchange short names offered as suggestions (any 2–10 letters may be typed). */
export const EXCHANGES = [
  'NASDAQ',
  'NYSE',
  'AMEX',
  'LSE',
  'XETRA',
  'EURONEXT',
  'NSE',
  'SHH',
  'HKSE',
  'JPX',
  'SAU',
] as const;

export const MARKET_CAP_BANDS: Readonly<
  Record<string, { readonly label: string; readonly min?: number; readonly max?: number }>
> = {
  mega: { label: 'Mega (over 200B)', min: 200e9 },
  large: { label: 'Large (10B–200B)', min: 10e9, max: 200e9 },
  mid: { label: 'Mid (2B–10B)', min: 2e9, max: 10e9 },
  small: { label: 'Small (300M–2B)', min: 300e6, max: 2e9 },
  micro: { label: 'Micro (under 300M)', max: 300e6 },
};

export const RESULT_LIMIT = 50;

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

const NOT_A_NUMBER = 'Enter a number, or leave it empty';

/** Numbers must be numbers (§5: an optional numeric value is a number or null) and not negative. */
export function validateFilters(filters: ScreenerFilters): FilterErrors {
  const errors: FilterErrors = {};
  for (const key of ['priceMin', 'priceMax', 'dividendMin'] as const) {
    const raw = filters[key].trim();
    if (raw === '') continue;
    const value = toOptionalNumber(raw);
    if (value === null) errors[key] = NOT_A_NUMBER;
    else if (value < 0) errors[key] = 'Enter zero or more';
  }
  const min = toOptionalNumber(filters.priceMin);
  const max = toOptionalNumber(filters.priceMax);
  if (!errors.priceMax && min !== null && max !== null && max < min) {
    errors.priceMax = 'The highest price must not be below the lowest';
  }
  if (filters.exchange.trim() !== '' && !/^[A-Za-z]{2,10}$/.test(filters.exchange.trim())) {
    errors.exchange = 'An exchange short name has 2 to 10 letters, e.g. NASDAQ';
  }
  return errors;
}

type Query = Record<string, string | number | undefined>;

/** The API query for valid filters (bounds are exclusive on the server, as FMP's). */
export function filtersToQuery(filters: ScreenerFilters): Query {
  const band = MARKET_CAP_BANDS[filters.marketCap];
  const number = (raw: string) => toOptionalNumber(raw) ?? undefined;
  const text = (raw: string) => (raw.trim() === '' ? undefined : raw.trim());
  return {
    query: text(filters.query),
    sector: text(filters.sector),
    exchange: text(filters.exchange)?.toUpperCase(),
    marketCapMoreThan: band?.min,
    marketCapLowerThan: band?.max,
    priceMoreThan: number(filters.priceMin),
    priceLowerThan: number(filters.priceMax),
    dividendMoreThan: number(filters.dividendMin),
    limit: RESULT_LIMIT,
  };
}
