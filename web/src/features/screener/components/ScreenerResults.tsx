import type { UseQueryResult } from '@tanstack/react-query';
import { formatCompact, formatNumber } from '@core/format';
import type { ScreenerRow } from '@core/market/screener';
import { ChangeText } from '../../../components/ChangeText';
import { QueryState } from '../../../components/QueryState';
import { StockCell } from '../../../components/StockCell';

/** The screener's results table; each stock links to /stocks/{symbol}. */
export function ScreenerResults({
  results,
}: {
  readonly results: UseQueryResult<readonly ScreenerRow[]>;
}) {
  return (
    <QueryState query={results} what="stocks" empty="No stocks match these filters.">
      {(rows) => (
        <>
          <p role="status" className="muted">
            {rows.length === 0
              ? 'No stocks match these filters.'
              : `${rows.length} ${rows.length === 1 ? 'stock' : 'stocks'}, largest market cap first`}
          </p>
          {rows.length > 0 && (
            <div className="table-scroll">
              <table className="data-table">
                <caption className="visually-hidden">Stocks matching the filters</caption>
                <thead>
                  <tr>
                    <th scope="col">Stock</th>
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
                      <StockCell symbol={row.symbol} name={row.companyName} />
                      <td>{row.sector}</td>
                      <td>{row.exchangeShortName}</td>
                      <td className="num">
                        {formatNumber(row.price)} {row.currency}
                      </td>
                      <td className="num">
                        <ChangeText percent={row.changesPercentage} />
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
      )}
    </QueryState>
  );
}
