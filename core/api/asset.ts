import * as z from 'zod';
import {
  CALENDAR_EVENT_KINDS,
  MAX_CALENDAR_RANGE_DAYS,
  MAX_CALENDAR_SYMBOLS,
  rangeDays,
  type CalendarEventKind,
} from '../market/calendar';
import { queryInt } from '../market/query-params';
import { searchQuery } from '../market/screener';
import { screenQuery } from '../market/stock-screen';
import { MAX_BATCH_QUOTES } from '../market/watch-quotes';
import { isoDateSchema } from '../validation';
import { ASSET_ROUTES } from './asset-routes';
import { withSchemas, type CacheMode } from './contract';

export type { Envelope, Priced } from './asset-routes';

/**
 * The public asset API's contract: its routes (asset-routes.ts) with the schemas of their path
 * parameters and queries, which the Lambda validates before it reads anything, and how long each
 * answer may be cached (by kind of data).
 */

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
/** `symbols=AAA,BBB.L,^IXIC`: 1 to MAX_BATCH_QUOTES symbols; repeats are read once. */
export const quotesQuery = z.strictObject({
  symbols: z
    .string('symbols is required')
    .transform((s) => s.split(','))
    .pipe(
      z
        .array(symbolSchema)
        .min(1, 'symbols must name at least one symbol')
        .max(MAX_BATCH_QUOTES, `symbols: at most ${MAX_BATCH_QUOTES} per request`),
    )
    .transform((symbols) => [...new Set(symbols)]),
});
/** Endpoints that take no query parameters still refuse unknown ones. */
export const noQuery = z.strictObject({});
export const moversQuery = z.strictObject({ limit: queryInt(1, MAX_MOVERS_LIMIT).optional() });

/** A comma-separated list in a query string: 'AAA,BBB.L' → ['AAA', 'BBB.L'] (empty items refused). */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number, what: string) =>
  z
    .string()
    .transform((text) => text.split(','))
    .pipe(
      z
        .array(item)
        .min(1, `must name at least one ${what}`)
        .max(max, `must name at most ${max} ${what}s`),
    );

/**
 * GET /stocks/calendar: from–to (both included, at most MAX_CALENDAR_RANGE_DAYS), and optionally
 * symbols and kinds, each comma-separated. A 400 names the field at fault.
 */
export const calendarQuery = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    symbols: commaList(symbolSchema, MAX_CALENDAR_SYMBOLS, 'symbol').optional(),
    kinds: commaList(
      z.enum(CALENDAR_EVENT_KINDS, `must be one of ${CALENDAR_EVENT_KINDS.join(', ')}`),
      CALENDAR_EVENT_KINDS.length,
      'kind',
    ).optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    if (to < from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (rangeDays({ from, to }) > MAX_CALENDAR_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${MAX_CALENDAR_RANGE_DAYS} days from from (both included)`,
      });
    }
  });
export type CalendarQuery = {
  readonly from: string;
  readonly to: string;
  readonly symbols?: readonly string[];
  readonly kinds?: readonly CalendarEventKind[];
};

/**
 * How long each kind of data may be reused.
 * `curated` is what admins and editors change (profile with its description, statements and what
 * is computed from them, analyst and Shariah data): it may be stored but is revalidated on every
 * use (no-cache, with the ETag making an unchanged answer a body-less 304), so no browser or CDN
 * cache serves an answer older than the last curation write.
 * The stock list holds curated names and visibility too, so it is revalidated the same way: the
 * SPA keeps it 5 minutes (SPEC §7/§9) and the console refetches it after a write, which a browser
 * or CDN copy kept 5 minutes would answer with the old names. Unchanged, it costs a 304.
 */
export const ASSET_CACHE = {
  list: { maxAgeSeconds: 0 },
  live: { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 10 },
  daily: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 600 },
  priced: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 },
  curated: { maxAgeSeconds: 0 },
} as const satisfies Record<string, CacheMode>;

const { list, live, daily, priced, curated } = ASSET_CACHE;
const statementRead = { params: symbolParams, query: statementQuery, cache: curated } as const;

export const ASSET_API = withSchemas(ASSET_ROUTES, {
  list: { query: listQuery, cache: list },
  search: { query: searchQuery, cache: priced },
  screener: { query: screenQuery, cache: priced },
  indexes: { query: noQuery, cache: live },
  movers: { query: moversQuery, cache: live },
  profile: { params: symbolParams, cache: curated },
  quote: { params: symbolParams, cache: live },
  quotes: { query: quotesQuery, cache: live },
  shares: { query: sharesQuery, cache: curated },
  ratiosTtm: { params: symbolParams, cache: curated },
  keyMetricsTtm: { params: symbolParams, cache: curated },
  incomeStatements: statementRead,
  balanceSheets: statementRead,
  cashFlowStatements: statementRead,
  intraday: { params: symbolParams, query: intradayQuery, cache: live },
  daily: { params: symbolParams, query: dailyQuery, cache: daily },
  analyst: { params: symbolParams, cache: curated },
  shariah: { params: symbolParams, cache: curated },
  shariahVerdicts: { query: quotesQuery, cache: curated },
  calendar: { query: calendarQuery, cache: daily },
});
