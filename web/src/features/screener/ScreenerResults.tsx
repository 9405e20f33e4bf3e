import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCompact, formatNumber, formatPercent } from '../../../../core/format';
import type { ScreenerRow } from './screener-query';

/** The screener's results table; each symbol links to /stocks/{symbol}. */
export function ScreenerResults({ results }: { readonly results: UseQueryResult<ScreenerRow[]> }) {
  if (results.isPending) {
    return (
      <p role="status" className="muted">
        Loading stocks…
      </p>
    );
  }
  if (results.isError) {
    return (
      <div role="alert" className="screener-error">
        <p>The stocks could not be loaded.</p>
        <button type="button" className="button" onClick={() => void results.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const rows = results.data;
  return (
    <>
      <p role="status" className="muted">
        {rows.length === 0
          ? 'No stocks match these filters.'
          : `${rows.length} ${rows.length === 1 ? 'stock' : 'stocks'}, largest market cap first`}
      </p>
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="screener-table">
            <caption className="visually-hidden">Stocks matching the filters</caption>
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col">Company</th>
                <th scope="col">Sector</th>
                <th scope="col">Exchange</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col" className="num">
                  Market cap
                </th>
                <th scope="col" className="num">
                  Dividend
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.symbol}>
                  <th scope="row">
                    <Link to={`/stocks/${encodeURIComponent(row.symbol)}`}>{row.symbol}</Link>
                  </th>
                  <td>{row.companyName}</td>
                  <td>{row.sector}</td>
                  <td>{row.exchangeShortName}</td>
                  <td className="num">
                    {formatNumber(row.price)} {row.currency}
                  </td>
                  <td className={`num ${row.changesPercentage < 0 ? 'down' : 'up'}`}>
                    {formatPercent(row.changesPercentage, { signed: true })}
                  </td>
                  <td className="num">{formatCompact(row.marketCap)}</td>
                  <td className="num">{formatNumber(row.lastAnnualDividend)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
