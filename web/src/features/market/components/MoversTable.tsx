import { formatCompact, formatPrice, formatShares } from '@core/format';
import type { Mover } from '@core/market/types';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { changeColumn, stockColumn } from '../../../components/stock-columns';

const COLUMNS: readonly Column<Mover>[] = [
  stockColumn(
    (row) => row.symbol,
    (row) => row.name,
  ),
  {
    key: 'price',
    header: 'Price',
    numeric: true,
    cell: (row) => (
      <>
        <span className="mover-price">{formatPrice(row.price)}</span>
        <span className="mover-currency"> {row.currency}</span>
      </>
    ),
    sortValue: (row) => row.price,
  },
  changeColumn((row) => row.changesPercentage),
  {
    key: 'volume',
    header: 'Volume',
    numeric: true,
    cell: (row) => formatShares(row.volume),
    sortValue: (row) => row.volume,
  },
];

/**
 * The ranking basis of the most active: the traded value in the listing's currency, and beneath it
 * the dollars it was ranked on ("≈ $1.82B"), so a yen figure above a dollar one reads right.
 */
const TRADED_VALUE: Column<Mover> = {
  key: 'tradedValue',
  header: 'Traded value',
  numeric: true,
  cell: (row) => (
    <>
      <span className="mover-traded">
        {formatCompact(row.tradedValue)} {row.currency}
      </span>
      {row.currency !== 'USD' && row.tradedValueUsd !== null && (
        <span className="mover-usd"> ≈ ${formatCompact(row.tradedValueUsd)}</span>
      )}
    </>
  ),
  sortValue: (row) => row.tradedValueUsd ?? 0,
};
const ACTIVE_COLUMNS: readonly Column<Mover>[] = [...COLUMNS.slice(0, -1), TRADED_VALUE];

/** One movers list as a table under its own heading; each stock links to its page. */
export function MoversTable({
  id,
  title,
  description,
  rows,
  tradedValue = false,
}: {
  id: string;
  title: string;
  description?: string | undefined;
  rows: readonly Mover[];
  /** Show the traded value the list is ranked on instead of the volume. */
  tradedValue?: boolean;
}) {
  return (
    <div className="movers">
      <h3 id={`${id}-title`}>{title}</h3>
      {description && <p className="movers-description muted">{description}</p>}
      {rows.length === 0 ? (
        <p className="muted">No stocks to list right now.</p>
      ) : (
        <DataTable
          columns={tradedValue ? ACTIVE_COLUMNS : COLUMNS}
          rows={rows}
          rowKey={(row) => row.symbol}
          labelledBy={`${id}-title`}
        />
      )}
    </div>
  );
}
