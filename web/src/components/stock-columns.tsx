import { ChangeText } from './ChangeText';
import type { Column } from './data-table/DataTable';
import { StockCell } from './StockCell';

/** The stock naming a row (its row header), sorted by symbol. */
export const stockColumn = <Row,>(
  symbol: (row: Row) => string,
  name: (row: Row) => string,
): Column<Row> => ({
  key: 'stock',
  header: 'Stock',
  rowHeader: true,
  cell: (row) => <StockCell symbol={symbol(row)} name={name(row)} />,
  sortValue: symbol,
});

/** The day's change in per cent, coloured and worded by direction. */
export const changeColumn = <Row,>(percent: (row: Row) => number): Column<Row> => ({
  key: 'change',
  header: 'Change',
  numeric: true,
  cell: (row) => <ChangeText percent={percent(row)} />,
  sortValue: percent,
});
