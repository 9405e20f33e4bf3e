import type { SharesFloat } from '../market/float';
import type { KeyMetricsTtm, RatiosTtm } from '../market/ratios';
import type { ScreenerRow } from '../market/screener';
import type { ShariahScreen } from '../market/shariah';
import type { IdentifiedStatement } from '../market/statements';
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
import { answers, defineRoutes, type CacheMode } from './contract';

/**
 * The public asset API's routes (/api/asset): every path of SPEC §7 (FMP v3 shapes, `{data: [...]}`
 * envelope) plus the stock list, quotes, indexes, movers, analyst and Shariah reads the public
 * site needs. GET only, no auth, cached by kind of data. Their input schemas are in asset.ts.
 */

/** SPEC §7: the data array read (first element for single results), and the demo-data flag. */
export interface Envelope<T> {
  readonly data: readonly T[];
  readonly demo?: boolean;
}

export type Priced<T> = T & { readonly symbol: string };

/** How long each kind of data may be reused (SPEC §7/§9: the stock list is fresh 5 minutes). */
export const ASSET_CACHE = {
  list: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 300 },
  live: { maxAgeSeconds: 5, staleWhileRevalidateSeconds: 10 },
  daily: { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 600 },
  fundamentals: { maxAgeSeconds: 3_600, staleWhileRevalidateSeconds: 3_600 },
  priced: { maxAgeSeconds: 60, staleWhileRevalidateSeconds: 60 },
} as const satisfies Record<string, CacheMode>;

/** §7: /stocks/statement/{symbol}/{path}, by statement kind. */
export const STATEMENT_API_PATHS = {
  income: 'income-statement',
  balance: 'balance-sheet-statement',
  cash: 'cash-flow-statement',
} as const satisfies Record<StatementKind, string>;

/** A public GET answering an envelope of `T`: `read<T>()(path, cache)`. */
const read =
  <T>() =>
  (path: string, cache: CacheMode) =>
    ({ method: 'GET', path, auth: 'none', cache, answer: answers<Envelope<T>>() }) as const;

const statements = <K extends StatementKind>(kind: K) =>
  read<IdentifiedStatement<K>>()(
    `/stocks/statement/{symbol}/${STATEMENT_API_PATHS[kind]}`,
    ASSET_CACHE.fundamentals,
  );

export const ASSET_ROUTES = defineRoutes({
  name: 'asset',
  prefix: '/api/asset',
  endpoints: {
    list: read<CompactStockList>()('/stocks/list', ASSET_CACHE.list),
    search: read<ScreenerRow>()('/stocks/search', ASSET_CACHE.priced),
    indexes: read<IndexQuote>()('/stocks/indexes', ASSET_CACHE.live),
    movers: read<Movers>()('/stocks/movers', ASSET_CACHE.live),
    profile: read<CompanyProfile>()('/stocks/profile/{symbol}', ASSET_CACHE.live),
    quote: read<Quote>()('/stocks/quote/{symbol}', ASSET_CACHE.live),
    shares: read<SharesFloat>()('/stocks/shares', ASSET_CACHE.fundamentals),
    ratiosTtm: read<Priced<RatiosTtm>>()('/stocks/ratios-ttm/{symbol}/ratios', ASSET_CACHE.priced),
    keyMetricsTtm: read<Priced<KeyMetricsTtm>>()(
      '/stocks/key-metrics-ttm/{symbol}/metrics',
      ASSET_CACHE.priced,
    ),
    // Named like the kinds' collections (STATEMENT_COLLECTIONS): statementRequest calls them so.
    incomeStatements: statements('income'),
    balanceSheets: statements('balance'),
    cashFlowStatements: statements('cash'),
    intraday: read<PriceBar>()('/stocks/chart/{symbol}', ASSET_CACHE.live),
    daily: read<PriceBar>()('/stocks/chart/{symbol}/months-years', ASSET_CACHE.daily),
    analyst: read<AnalystData>()('/stocks/analyst/{symbol}', ASSET_CACHE.fundamentals),
    shariah: read<Priced<ShariahScreen>>()('/stocks/shariah/{symbol}', ASSET_CACHE.priced),
  },
});
