import { formatNumber, formatShares } from '@core/format';
import type { Mover } from '@core/market/types';
import { ChangeText } from '../../../components/ChangeText';
import { StockCell } from '../../../components/StockCell';

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
        <div className="table-scroll">
          <table className="data-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">Stock</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col" className="num">
                  Volume
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.symbol}>
                  <StockCell symbol={row.symbol} name={row.name} />
                  <td className="num">
                    <span className="mover-price">{formatNumber(row.price)}</span>
                    <span className="mover-currency"> {row.currency}</span>
                  </td>
                  <td className="num">
                    <ChangeText percent={row.changesPercentage} />
                  </td>
                  <td className="num">{formatShares(row.volume)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
