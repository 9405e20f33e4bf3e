import type { StockPicker } from '../components/stock-picker';
import { SearchBox } from '../features/search/components/SearchBox';

/**
 * The site's stock search as a picker for other features (features stay apart): the curation
 * screens' company, a watchlist's new stock, the Analysis tab's compared stocks.
 */
export const companyPicker: StockPicker = ({ label, onPick }) => (
  <SearchBox label={label} onPick={(option) => onPick(option.value)} />
);
