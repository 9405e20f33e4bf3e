import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCompact, formatNumber } from '@core/format';
import type { ScreenerRow } from '@core/market/screener';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import type { SortState } from '../../../components/data-table/sort-rows';
import { QueryState } from '../../../components/QueryState';
import { changeColumn, stockColumn } from '../../../components/stock-columns';

const COLUMNS: readonly Column<ScreenerRow>[] = [
  stockColumn(
    (row) => row.symbol,
    (row) => row.companyName,
  ),
  { key: 'sector', header: 'Sector', cell: (row) => row.sector, sortValue: (row) => row.sector },
  {
    key: 'exchange',
    header: 'Exchange',
    cell: (row) => row.exchangeShortName,
    sortValue: (row) => row.exchangeShortName,
  },
  {
    key: 'price',
    header: 'Price',
    numeric: true,
    cell: (row) => `${formatNumber(row.price)} ${row.currency}`,
    sortValue: (row) => row.price,
  },
  changeColumn((row) => row.changesPercentage),
  {
    key: 'marketCap',
    header: 'Market cap',
    numeric: true,
    cell: (row) => formatCompact(row.marketCap),
    sortValue: (row) => row.marketCap,
  },
  {
    key: 'dividend',
    header: 'Dividend',
    numeric: true,
    cell: (row) => formatNumber(row.lastAnnualDividend),
    sortValue: (row) => row.lastAnnualDividend,
  },
];

/** The API's order (SPEC §7 screener): largest market cap first. */
const BY_MARKET_CAP: SortState = { key: 'marketCap', direction: 'descending' };

/** How the rows are ordered, in words: 'largest market cap first', 'by price, lowest first'. */
function orderText({ key, direction }: SortState): string {
  if (key === BY_MARKET_CAP.key) {
    return direction === 'descending' ? 'largest market cap first' : 'smallest market cap first';
  }
  const column = COLUMNS.find((c) => c.key === key);
  const name = column?.header.toLowerCase() ?? key;
  if (!column?.numeric) return `by ${name}, ${direction === 'ascending' ? 'A to Z' : 'Z to A'}`;
  return `by ${name}, ${direction === 'descending' ? 'highest' : 'lowest'} first`;
}

/** The screener's results table; each stock links to /stocks/{symbol}. */
export function ScreenerResults({
  results,
}: {
  readonly results: UseQueryResult<readonly ScreenerRow[]>;
}) {
  const [sort, setSort] = useState<SortState>(BY_MARKET_CAP);
  return (
    <QueryState query={results} what="stocks" empty="No stocks match these filters.">
      {(rows) => (
        <>
          <p role="status" className="muted">
            {rows.length === 0
              ? 'No stocks match these filters.'
              : `${rows.length} ${rows.length === 1 ? 'stock' : 'stocks'}, ${orderText(sort)}`}
          </p>
          {rows.length > 0 && (
            <DataTable
              columns={COLUMNS}
              rows={rows}
              rowKey={(row) => row.symbol}
              caption="Stocks matching the filters"
              sort={sort}
              onSortChange={setSort}
            />
          )}
        </>
      )}
    </QueryState>
  );
}
