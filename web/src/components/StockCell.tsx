import { Link } from 'react-router';
import { stockPath } from '@core/search';
import './data-table.css';

/** A table row's header cell for one stock: symbol over name, linking to /stocks/{symbol}. */
export function StockCell({ symbol, name }: { symbol: string; name: string }) {
  return (
    <th scope="row">
      <Link to={stockPath(symbol)} className="stock-link" title={name}>
        <span className="stock-symbol">{symbol}</span>
        <span className="stock-name">{name}</span>
      </Link>
    </th>
  );
}
