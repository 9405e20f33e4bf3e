import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STOCK_PAGE_SIZES, STOCK_SORTS, type StockSort } from '@core/curation/stock';
import { EXCHANGES } from '@core/market/exchanges';
import { QueryState } from '../../../components/QueryState';
import { useAuth } from '../../../lib/auth/auth-context';
import { effectivePermissions, isAllowed } from '@core/permissions';
import { useCurationStocks, type StockListParams } from '../api/stocks-api';
import '../../../components/admin.css';
import './stocks.css';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { AllowedLink } from '../../../components/AllowedLink';

const SORT_LABELS: Record<StockSort, string> = {
  symbol: 'Symbol',
  name: 'Name',
  exchange: 'Exchange',
  isin: 'ISIN',
};

/** The list's state lives in the address, so a reload or a shared link keeps it. */
function useListParams(): [StockListParams, (next: Partial<StockListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const sort = search.get('sort');
  const params: StockListParams = {
    query: search.get('q') ?? '',
    exchange: search.get('exchange') ?? '',
    sort: STOCK_SORTS.includes(sort as StockSort) ? (sort as StockSort) : 'symbol',
    direction: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(search.get('page')) || 1),
    pageSize: STOCK_PAGE_SIZES.default,
  };
  const update = (next: Partial<StockListParams>) => {
    const merged = { ...params, page: 1, ...next };
    const entries: [string, string][] = [
      ['q', merged.query],
      ['exchange', merged.exchange],
      ['sort', merged.sort === 'symbol' ? '' : merged.sort],
      ['dir', merged.direction === 'asc' ? '' : merged.direction],
      ['page', merged.page === 1 ? '' : String(merged.page)],
    ];
    setSearch(
      entries.filter(([, value]) => value !== ''),
      { replace: true },
    );
  };
  return [params, update];
}

/** /admin/settings/stocks: every stock the caller may read, searched, filtered, sorted, paged. */
export function StocksScreen() {
  const { state } = useAuth();
  const [params, update] = useListParams();
  const [draft, setDraft] = useState(params.query);
  const stocks = useCurationStocks(params);
  const canAdd = isAllowed(effectivePermissions(state, state.permissions), 'STOCKS', 'create');
  const sortBy = (sort: StockSort) =>
    update({
      sort,
      direction: params.sort === sort && params.direction === 'asc' ? 'desc' : 'asc',
    });
  return (
    <section className="admin curation" aria-labelledby="stocks-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <AllowedLink to="/admin/settings">Settings</AllowedLink> / Stocks
      </nav>
      <h1 id="stocks-title">Stocks</h1>
      {canAdd ? (
        <p>
          <Link className="button primary" to="/admin/settings/stocks/add">
            Add a stock
          </Link>
        </p>
      ) : null}
      <form
        className="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ query: draft });
        }}
      >
        <label>
          Search (symbol, name or ISIN)
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </label>
        <button type="submit" className="button">
          Search
        </button>
        <label>
          Exchange
          <select value={params.exchange} onChange={(e) => update({ exchange: e.target.value })}>
            <option value="">All exchanges</option>
            {EXCHANGES.map((exchange) => (
              <option key={exchange.shortName} value={exchange.shortName}>
                {exchange.shortName}
              </option>
            ))}
          </select>
        </label>
      </form>
      <QueryState query={stocks} what="stocks" empty="No stock matches.">
        {(page) => {
          const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
          return (
            <>
              <ScrollingTable label="Stocks" className="data-table">
                <caption>
                  {page.total} {page.total === 1 ? 'stock matches' : 'stocks match'}; page{' '}
                  {page.page} of {pages}
                </caption>
                <thead>
                  <tr>
                    {STOCK_SORTS.map((sort) => (
                      <th
                        key={sort}
                        scope="col"
                        aria-sort={
                          params.sort === sort
                            ? params.direction === 'asc'
                              ? 'ascending'
                              : 'descending'
                            : undefined
                        }
                      >
                        <button type="button" className="link-button" onClick={() => sortBy(sort)}>
                          {SORT_LABELS[sort]}
                        </button>
                      </th>
                    ))}
                    <th scope="col">Public</th>
                    <th scope="col">Version</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((stock) => (
                    <tr key={stock.isin}>
                      <th scope="row">
                        <Link to={`/admin/settings/stocks/detail/${stock.isin}`}>
                          {stock.symbol}
                        </Link>
                      </th>
                      <td>{stock.companyName}</td>
                      <td>{stock.exchangeShortName}</td>
                      <td>{stock.isin}</td>
                      <td>{stock.hidden ? 'Hidden' : 'Listed'}</td>
                      <td>{stock.version}</td>
                    </tr>
                  ))}
                </tbody>
              </ScrollingTable>
              <nav aria-label="Pages" className="pager">
                <button
                  type="button"
                  className="button"
                  disabled={page.page <= 1}
                  onClick={() => update({ page: page.page - 1 })}
                >
                  Previous page
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={page.page >= pages}
                  onClick={() => update({ page: page.page + 1 })}
                >
                  Next page
                </button>
              </nav>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
