import type { ReactNode } from 'react';
import { formatCompact, formatCount, formatNumber, formatPercent, formatPrice } from '@core/format';
import type { ShariahStandard } from '@core/market/shariah';
import { verdictCell } from '@core/market/shariah-verdicts';
import type { ScreenedStock, ScreenSortField } from '@core/market/stock-screen';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { ShariahVerdictCell } from '../../../components/ShariahVerdictCell';
import type { SortState } from '../../../components/data-table/sort-rows';
import { changeColumn, stockColumn } from '../../../components/stock-columns';

/** Each column's key is the API's sort field, so a header click re-sorts on the server. */
const figure = (
  key: ScreenSortField,
  header: string,
  value: (row: ScreenedStock) => number | null,
  show: (value: number | null) => string = formatNumber,
): Column<ScreenedStock> => ({
  key,
  header,
  numeric: true,
  cell: (row) => show(value(row)),
  sortValue: value,
});

const text = (
  key: ScreenSortField,
  header: string,
  value: (row: ScreenedStock) => string,
): Column<ScreenedStock> => ({ key, header, cell: value, sortValue: value });

// The rows carry percents (3.04); formatPercent prints them as every other screen does.
const percent = (value: number | null) => formatPercent(value);

/**
 * The stock (frozen when the table scrolls), then what a phone's first view must show: its price,
 * the day's change, its size and its Shariah verdict under `standard` (undefined: still loading the
 * user's); the descriptive columns and the ratios follow.
 */
export function screenColumns(
  currency: string,
  standard: ShariahStandard | undefined,
): Column<ScreenedStock>[] {
  return [
    {
      ...stockColumn(
        (row: ScreenedStock) => row.symbol,
        (row) => row.companyName,
      ),
      key: 'symbol',
    },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (row) => `${formatPrice(row.price)} ${row.currency}`,
      sortValue: (row) => row.priceConverted,
    },
    { ...changeColumn((row: ScreenedStock) => row.changesPercentage), key: 'changesPercentage' },
    figure('marketCap', `Market cap (${currency})`, (row) => row.marketCapConverted, formatCompact),
    {
      // The rows carry every standard's verdict (the server's screen); none is a server sort.
      key: 'shariahVerdict',
      header: 'Shariah',
      cell: (row) => <ShariahVerdictCell cell={standard && verdictCell(row.shariah, standard)} />,
    },
    text('exchange', 'Exchange', (row) => row.exchangeShortName),
    text('country', 'Country', (row) => row.country),
    text('sector', 'Sector', (row) => row.sector),
    figure('pe', 'P/E', (row) => row.pe),
    figure('pb', 'P/B', (row) => row.pb),
    figure('dividendYield', 'Dividend yield', (row) => row.dividendYield, percent),
    figure('roe', 'ROE', (row) => row.roe, percent),
    figure('debtToEquity', 'Debt/equity', (row) => row.debtToEquity),
    figure('beta', 'Beta', (row) => row.beta),
    figure('volume', 'Volume', (row) => row.volume, formatCount),
  ];
}

/** A column another feature adds to the rows (never sortable: the server sorts). */
export interface RowAction {
  readonly header: string;
  readonly cell: (symbol: string) => ReactNode;
}

/** One page of the screen, in the server's order; a header asks the server for another. */
export function ScreenTable({
  rows,
  currency,
  sort,
  onSort,
  rowAction,
  standard,
}: {
  readonly rows: readonly ScreenedStock[];
  readonly currency: string;
  /** The standard the verdict column shows; undefined while the user's is loading. */
  readonly standard: ShariahStandard | undefined;
  readonly sort: SortState;
  readonly onSort: (sort: SortState) => void;
  /** A column of what a row offers besides its figures (app/ composes "Add to watchlist"). */
  readonly rowAction?: RowAction;
}) {
  const columns = screenColumns(currency, standard);
  return (
    <DataTable
      columns={
        rowAction
          ? [
              ...columns,
              {
                key: 'action',
                header: rowAction.header,
                cell: (row) => rowAction.cell(row.symbol),
              },
            ]
          : columns
      }
      rows={rows}
      rowKey={(row) => `${row.symbol}:${row.exchangeShortName}`}
      caption="Stocks matching the screen"
      sort={sort}
      onSortChange={onSort}
      presorted
      scrollLabel="Screener results"
    />
  );
}
