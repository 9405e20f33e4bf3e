import * as z from 'zod';
import { queryInt } from '../market/query-params';
import type { KeyMetricsTtm, RatiosTtm } from '../market/ratios';
import { searchQuery, type ScreenerRow } from '../market/screener';
import type { ShariahScreen } from '../market/shariah';
import {
  STATEMENT_API_PATHS,
  STATEMENT_COLLECTIONS,
  type IdentifiedStatement,
} from '../market/statements';
import type { SharesFloat } from '../market/float';
import type {
  AnalystData,
  CompanyProfile,
  IndexQuote,
  Movers,
  PriceBar,
  Quote,
  StatementKind,
} from '../market/types';
import type { CompactStockList } from '../stock-list';
import { isoDateSchema } from '../validation';
import { answers, defineApi, type CacheMode } from './contract';

/**
 * The public asset API (/api/asset): every path of SPEC §7 (FMP v3 shapes, `{data: [...]}`
 * envelope) plus the stock list, quotes, indexes, movers, analyst and Shariah reads the public
 * site needs. GET only, no auth, cached by kind of data.
 */

/** SPEC §7: the data array read (first element for single results), and the demo-data flag. */
export interface Envelope<T> {
  readonly data: readonly T[];
  readonly demo?: boolean;
}

/** Tickers as the provider writes them: AAA, ABC.L, 600123.SS, ^IXIC, BRK-B. Case-insensitive. */
export const symbolSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9^][A-Za-z0-9.^-]{0,19}$/,
    'symbol must be 1–20 letters, digits, ".", "-" or a leading "^"',
  )
  .transform((s) => s.toUpperCase());

export const symbolParams = z.object({ symbol: symbolSchema });

const isoDate = isoDateSchema.refine((s) => s >= '1900-01-01', 'must not be before 1900-01-01');

export const MAX_STATEMENT_LIMIT = 40;
export const MAX_MOVERS_LIMIT = 50;

export const statementQuery = z.strictObject({
  period: z.enum(['annual', 'quarter'], 'period must be "annual" or "quarter"').default('annual'),
  limit: queryInt(1, MAX_STATEMENT_LIMIT).optional(),
});

export const intradayQuery = z.strictObject({
  // SPEC §3/§7: `day` carries the intraday interval of the 1D (1min) and 5D (5min) timeframes.
  day: z.enum(['1min', '5min'], 'day must be "1min" or "5min"').default('1min'),
  from: isoDate.optional(),
});

export const dailyQuery = z.strictObject({ from: isoDate.optional() });
export const sharesQuery = z.strictObject({ symbol: symbolSchema });
export const listQuery = z.strictObject({
  all: z.literal('true', 'all must be "true"').optional(),
});
/** Endpoints that take no query parameters still refuse unknown ones. */
export const noQuery = z.strictObject({});
export const moversQuery = z.strictObject({ limit: queryInt(1, MAX_MOVERS_LIMIT).optional() });

/** How long each kind of data may be reused (SPEC §7/§9: the stock list is fresh 5 minutes). */
export const ASSET_CACHE = {
  list: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 300 },
  live: { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 10 },
  daily: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 600 },
  fundamentals: { maxAgeSeconds: 3_600, staleWhileRevalidateSeconds: 3_600 },
  priced: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 },
} as const satisfies Record<string, CacheMode>;

interface ReadInputs {
  readonly params?: typeof symbolParams;
  readonly query?: z.ZodType;
}

/**
 * A GET endpoint answering `A`, with the given path parameters and query: `read<A>()(path, …)`
 * (two steps, so the answer type is named and the inputs' types are still inferred).
 */
const read =
  <A>() =>
  <const I extends ReadInputs = Record<never, never>>(path: string, cache: CacheMode, inputs?: I) =>
    ({
      method: 'GET',
      path,
      auth: 'none',
      cache,
      ...(inputs as I),
      answer: answers<A>(),
    }) as const;

/** The statement reads of §7: /stocks/statement/{symbol}/{the kind's path}. */
const statements = <K extends StatementKind>(kind: K) =>
  read<Envelope<IdentifiedStatement<K>>>()(
    `/stocks/statement/{symbol}/${STATEMENT_API_PATHS[kind]}`,
    ASSET_CACHE.fundamentals,
    { params: symbolParams, query: statementQuery },
  );

export type Priced<T> = T & { readonly symbol: string };

export const ASSET_API = defineApi({
  name: 'asset',
  prefix: '/api/asset',
  endpoints: {
    list: read<Envelope<CompactStockList>>()('/stocks/list', ASSET_CACHE.list, {
      query: listQuery,
    }),
    search: read<Envelope<ScreenerRow>>()('/stocks/search', ASSET_CACHE.priced, {
      query: searchQuery,
    }),
    indexes: read<Envelope<IndexQuote>>()('/stocks/indexes', ASSET_CACHE.live, { query: noQuery }),
    movers: read<Envelope<Movers>>()('/stocks/movers', ASSET_CACHE.live, { query: moversQuery }),
    profile: read<Envelope<CompanyProfile>>()('/stocks/profile/{symbol}', ASSET_CACHE.live, {
      params: symbolParams,
    }),
    quote: read<Envelope<Quote>>()('/stocks/quote/{symbol}', ASSET_CACHE.live, {
      params: symbolParams,
    }),
    shares: read<Envelope<SharesFloat>>()('/stocks/shares', ASSET_CACHE.fundamentals, {
      query: sharesQuery,
    }),
    ratiosTtm: read<Envelope<Priced<RatiosTtm>>>()(
      '/stocks/ratios-ttm/{symbol}/ratios',
      ASSET_CACHE.priced,
      { params: symbolParams },
    ),
    keyMetricsTtm: read<Envelope<Priced<KeyMetricsTtm>>>()(
      '/stocks/key-metrics-ttm/{symbol}/metrics',
      ASSET_CACHE.priced,
      { params: symbolParams },
    ),
    // Named like the kinds' collections (STATEMENT_COLLECTIONS): statementRequest calls them so.
    [STATEMENT_COLLECTIONS.income]: statements('income'),
    [STATEMENT_COLLECTIONS.balance]: statements('balance'),
    [STATEMENT_COLLECTIONS.cash]: statements('cash'),
    intraday: read<Envelope<PriceBar>>()('/stocks/chart/{symbol}', ASSET_CACHE.live, {
      params: symbolParams,
      query: intradayQuery,
    }),
    daily: read<Envelope<PriceBar>>()('/stocks/chart/{symbol}/months-years', ASSET_CACHE.daily, {
      params: symbolParams,
      query: dailyQuery,
    }),
    analyst: read<Envelope<AnalystData>>()('/stocks/analyst/{symbol}', ASSET_CACHE.fundamentals, {
      params: symbolParams,
    }),
    shariah: read<Envelope<Priced<ShariahScreen>>>()(
      '/stocks/shariah/{symbol}',
      ASSET_CACHE.priced,
      {
        params: symbolParams,
      },
    ),
  },
});
