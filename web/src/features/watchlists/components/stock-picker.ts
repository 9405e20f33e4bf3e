// The picker's type is shared: the Analysis tab picks its stocks with the same search box.
export type { StockPicker } from '../../../components/stock-picker';
