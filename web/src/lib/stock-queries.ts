import { queryOptions } from '@tanstack/react-query';
import type { Quote } from '@core/market/types';
import { getFirst } from './asset-api';

/** Query keys of one stock's data, so a test or an invalidation can address all of them. */
export const stockKey = (symbol: string, ...rest: readonly (string | number)[]) =>
  ['stock', symbol, ...rest] as const;
/** The prefix of every stock's queries (a change to many companies at once refreshes them all). */
export const allStocksKey = ['stock'] as const;

/**
 * GET /stocks/profile/{symbol}: the company with its live price fields. Shared: the stock page
 * shows it, the curation console finds a company's ISIN with it and refreshes it after a change.
 */
export const profileQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'profile'),
    queryFn: ({ signal }) => getFirst('profile', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** How often the live quote refreshes while its market trades. */
export const QUOTE_REFRESH_MS = 15_000;

/** Refresh while the market is open; a closed market's quote does not move, so no polling. */
export const quoteRefetchInterval = (quote: Quote | null | undefined): number | false =>
  quote?.marketOpen ? QUOTE_REFRESH_MS : false;

/**
 * GET /stocks/quote/{symbol}, refetched every 15 s while the market is open. Shared: the stock
 * page shows it, the analyst curation screen checks targets against its price.
 */
export const quoteQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'quote'),
    queryFn: ({ signal }) => getFirst('quote', { params: { symbol }, signal }),
    refetchInterval: (query) => quoteRefetchInterval(query.state.data),
    staleTime: 5_000,
  });

/*
 * The stock page's TTM figures and Shariah screen (its statements: statement-queries.ts). Shared:
 * the Analysis tab compares the same reads under the same keys, so a stock opened in one is
 * cached for the other.
 */

/** GET /stocks/ratios-ttm/{symbol}/ratios. */
export const ratiosTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'ratios-ttm'),
    queryFn: ({ signal }) => getFirst('ratiosTtm', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** GET /stocks/key-metrics-ttm/{symbol}/metrics. */
export const keyMetricsTtmQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'key-metrics-ttm'),
    queryFn: ({ signal }) => getFirst('keyMetricsTtm', { params: { symbol }, signal }),
    staleTime: 60_000,
  });

/** GET /stocks/shariah/{symbol}: every standard's screen and the overall verdict. */
export const shariahQuery = (symbol: string) =>
  queryOptions({
    queryKey: stockKey(symbol, 'shariah'),
    queryFn: ({ signal }) => getFirst('shariah', { params: { symbol }, signal }),
    staleTime: 5 * 60_000,
  });
