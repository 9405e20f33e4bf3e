import { formatNumber, formatShares } from '@core/format';
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
        <span className="mover-price">{formatNumber(row.price)}</span>
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

/** One movers list as a table under its own heading; each stock links to its page. */
export function MoversTable({
  id,
  title,
  description,
  rows,
}: {
  id: string;
  title: string;
  description?: string | undefined;
  rows: readonly Mover[];
}) {
  return (
    <div className="movers">
      <h3 id={`${id}-title`}>{title}</h3>
      {description && <p className="movers-description muted">{description}</p>}
      {rows.length === 0 ? (
        <p className="muted">No stocks to list right now.</p>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.symbol}
          labelledBy={`${id}-title`}
        />
      )}
    </div>
  );
}
