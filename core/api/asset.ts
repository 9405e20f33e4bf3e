import * as z from 'zod';
import { queryInt } from '../market/query-params';
import { searchQuery } from '../market/screener';
import { isoDateSchema } from '../validation';
import { ASSET_ROUTES } from './asset-routes';
import { withSchemas } from './contract';

export { ASSET_CACHE, type Envelope, type Priced } from './asset-routes';

/**
 * The public asset API's contract: its routes (asset-routes.ts) with the schemas of their path
 * parameters and queries, which the Lambda validates before it reads anything.
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
/** Endpoints that take no query parameters still refuse unknown ones. */
export const noQuery = z.strictObject({});
export const moversQuery = z.strictObject({ limit: queryInt(1, MAX_MOVERS_LIMIT).optional() });

const symbolRead = { params: symbolParams } as const;
const statementRead = { params: symbolParams, query: statementQuery } as const;

export const ASSET_API = withSchemas(ASSET_ROUTES, {
  list: { query: listQuery },
  search: { query: searchQuery },
  indexes: { query: noQuery },
  movers: { query: moversQuery },
  profile: symbolRead,
  quote: symbolRead,
  shares: { query: sharesQuery },
  ratiosTtm: symbolRead,
  keyMetricsTtm: symbolRead,
  incomeStatements: statementRead,
  balanceSheets: statementRead,
  cashFlowStatements: statementRead,
  intraday: { params: symbolParams, query: intradayQuery },
  daily: { params: symbolParams, query: dailyQuery },
  analyst: symbolRead,
  shariah: symbolRead,
});
