import { Link } from 'react-router';
import { stockPath } from '@core/search';
import './data-table/data-table.css';

/** A row's stock, for a DataTable row header: symbol over name, linking to /stocks/{symbol}. */
export function StockCell({ symbol, name }: { symbol: string; name: string }) {
  return (
    <Link to={stockPath(symbol)} className="stock-link" title={name}>
      <span className="stock-symbol">{symbol}</span>
      <span className="stock-name">{name}</span>
    </Link>
  );
}
