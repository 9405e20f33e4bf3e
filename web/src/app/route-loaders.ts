import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { DEFAULT_INDEX_SYMBOL } from '@core/market/indexes';
import { prefetchDayChart } from '../components/chart/chart-query';
import { profileQuery, quoteQuery } from '../lib/stock-queries';
import { indexesQuery, moversQuery } from '../features/market/api/market-queries';
import { routeSymbol } from '../features/stock/lib/route-symbol';

/** The stock page's chunk: its route's lazy element and its loader fetch the same module. */
export const loadStockPage = () => import('../features/stock/components/StockPage');

/*
 * Route loaders warm the query cache as navigation starts, so a page's data and its code travel
 * together instead of one after the other (TanStack Query's react-router pattern). They start the
 * reads and return at once: navigation never waits for data, and a failed read is the page's to
 * show and retry when its own query asks (prefetchQuery never throws, and respects staleTime).
 */

/**
 * / and /home: the index quotes (with the cards' sparklines, drawn by the server), the movers and
 * the featured index's 1D chart with its figure's previous close.
 */
export const homeLoader = (client: QueryClient) => () => {
  void client.prefetchQuery(indexesQuery);
  void client.prefetchQuery(moversQuery);
  void prefetchDayChart(client, DEFAULT_INDEX_SYMBOL);
  return null;
};

/**
 * /stocks/:symbol: the page's chunk and what is above the fold — the profile and quote of the
 * header, the 1D chart. The sections below the fold ask for theirs when they are drawn.
 */
export const stockLoader =
  (client: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    const symbol = routeSymbol(params.symbol);
    // A chunk that fails to load fails the lazy element too, which says so: nothing to do here.
    loadStockPage().catch(() => {});
    void client.prefetchQuery(profileQuery(symbol));
    void client.prefetchQuery(quoteQuery(symbol));
    void prefetchDayChart(client, symbol);
    return null;
  };
