import type { CalendarEvent } from '../market/calendar';
import type { SharesFloat } from '../market/float';
import type { KeyMetricsTtm, RatiosTtm } from '../market/ratios';
import type { ScreenerRow } from '../market/screener';
import type { ShariahScreen } from '../market/shariah';
import type { SymbolShariahVerdicts } from '../market/shariah-verdicts';
import type { ScreenPage } from '../market/stock-screen';
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
import type { WatchQuote } from '../market/watch-quotes';
import type { CompactStockList } from '../stock-list';
import { answers, defineRoutes } from './contract';

/**
 * The public asset API's routes (/api/asset): every path of SPEC §7 (FMP v3 shapes, `{data: [...]}`
 * envelope) plus the stock list, quotes, indexes, movers, analyst and Shariah reads the public
 * site needs. GET only, no auth. Their input schemas and cache policies are in asset.ts.
 */

/** SPEC §7: the data array read (first element for single results), and the demo-data flag. */
export interface Envelope<T> {
  readonly data: readonly T[];
  readonly demo?: boolean;
}

export type Priced<T> = T & { readonly symbol: string };

/** §7: /stocks/statement/{symbol}/{path}, by statement kind. */
export const STATEMENT_API_PATHS = {
  income: 'income-statement',
  balance: 'balance-sheet-statement',
  cash: 'cash-flow-statement',
} as const satisfies Record<StatementKind, string>;

/** A public GET answering an envelope of `T`: `read<T>()(path)`. */
const read =
  <T>() =>
  (path: string) =>
    ({ method: 'GET', path, auth: 'none', answer: answers<Envelope<T>>() }) as const;

const statements = <K extends StatementKind>(kind: K) =>
  read<IdentifiedStatement<K>>()(`/stocks/statement/{symbol}/${STATEMENT_API_PATHS[kind]}`);

export const ASSET_ROUTES = defineRoutes({
  name: 'asset',
  prefix: '/api/asset',
  endpoints: {
    list: read<CompactStockList>()('/stocks/list'),
    search: read<ScreenerRow>()('/stocks/search'),
    /** The investor's screener: every filter, any sort, paged, with the true count. */
    screener: {
      method: 'GET',
      path: '/stocks/screener',
      auth: 'none',
      answer: answers<ScreenPage>(),
    },
    indexes: read<IndexQuote>()('/stocks/indexes'),
    movers: read<Movers>()('/stocks/movers'),
    profile: read<CompanyProfile>()('/stocks/profile/{symbol}'),
    quote: read<Quote>()('/stocks/quote/{symbol}'),
    // Many symbols' quotes and sparklines in one read (a watchlist's rows).
    quotes: read<WatchQuote>()('/stocks/quotes'),
    shares: read<SharesFloat>()('/stocks/shares'),
    ratiosTtm: read<Priced<RatiosTtm>>()('/stocks/ratios-ttm/{symbol}/ratios'),
    keyMetricsTtm: read<Priced<KeyMetricsTtm>>()('/stocks/key-metrics-ttm/{symbol}/metrics'),
    // Named like the kinds' collections (STATEMENT_COLLECTIONS): statementRequest calls them so.
    incomeStatements: statements('income'),
    balanceSheets: statements('balance'),
    cashFlowStatements: statements('cash'),
    intraday: read<PriceBar>()('/stocks/chart/{symbol}'),
    daily: read<PriceBar>()('/stocks/chart/{symbol}/months-years'),
    analyst: read<AnalystData>()('/stocks/analyst/{symbol}'),
    shariah: read<Priced<ShariahScreen>>()('/stocks/shariah/{symbol}'),
    // Many symbols' verdicts under every standard in one read (a watchlist's verdict column).
    shariahVerdicts: read<SymbolShariahVerdicts>()('/stocks/shariah-verdicts'),
    // Earnings, dividends and splits of a date range, optionally of some symbols.
    // Public like every asset read, though the Calendar tab is Premium's: these are public market
    // data (the provider's own calendar endpoints are, and the stock pages show dividends), and
    // the asset API is anonymous and cached by CloudFront. What Premium buys is the workspace's
    // calendar of the user's watchlists, views and .ics export, which the SPA gates.
    calendar: read<CalendarEvent>()('/stocks/calendar'),
  },
});
