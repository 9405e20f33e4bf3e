import { Link } from 'react-router';
import { formatNumber, formatPercent } from '../../../../core/format';
import { stockPath } from '../../../../core/search';
import type { Mover } from './queries';

export function MoversTable({ title, rows }: { title: string; rows: readonly Mover[] }) {
  return (
    <div className="movers">
      <h3>{title}</h3>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Stock</th>
              <th scope="col">Price</th>
              <th scope="col">Change</th>
              <th scope="col">Volume</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.symbol}>
                <td>
                  <Link to={stockPath(row.symbol)} className="mover-link">
                    <strong>{row.symbol}</strong>
                    <span className="muted"> {row.name}</span>
                  </Link>
                </td>
                <td>
                  {formatNumber(row.price)} <span className="muted">{row.currency}</span>
                </td>
                <td className={row.change >= 0 ? 'up' : 'down'}>
                  {formatPercent(row.changesPercentage, { signed: true })}
                </td>
                <td>{row.volume.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
