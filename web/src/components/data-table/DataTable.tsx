import { useState, type ReactNode } from 'react';
import { nextSort, sortRows, type SortState, type SortValue } from './sort-rows';
import './data-table.css';

export interface Column<Row> {
  readonly key: string;
  /** The header's text, the column header's whole accessible name. */
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  /** Figures: right-aligned in tabular digits; sorting starts with the highest. */
  readonly numeric?: boolean;
  /** The cell that names its row (<th scope="row">), e.g. the stock. */
  readonly rowHeader?: boolean;
  /** Makes the column sortable by this value of a row. */
  readonly sortValue?: (row: Row) => SortValue;
}

export interface DataTableProps<Row> {
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The table's name as a visually hidden caption… */
  readonly caption?: string;
  /** …or the id of the heading that names it. */
  readonly labelledBy?: string;
  readonly className?: string;
  /** The order before a header is activated; without one, the rows' own order. */
  readonly initialSort?: SortState;
  /** The order, when the caller keeps it (to describe it beside the table, say). */
  readonly sort?: SortState | null;
  readonly onSortChange?: (sort: SortState) => void;
  /** The rows come in `sort`'s order already (the server sorted, and pages): show them as they are. */
  readonly presorted?: boolean;
  /** Names a focusable scroll region around the table, for keyboard scrolling of wide tables. */
  readonly scrollLabel?: string;
}

/**
 * The product's table of figures: text left, figures right, a stock or screen naming each row.
 * Sortable columns follow the WAI-ARIA sortable table: the header holds a button (click, Enter or
 * Space), and the sorted column's header carries aria-sort.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  labelledBy,
  className,
  initialSort,
  sort: controlled,
  onSortChange,
  presorted = false,
  scrollLabel,
}: DataTableProps<Row>) {
  const [own, setOwn] = useState<SortState | null>(initialSort ?? null);
  const sort = controlled === undefined ? own : controlled;
  const sortColumn = columns.find((c) => c.key === sort?.key && c.sortValue);
  const shown =
    !presorted && sort && sortColumn?.sortValue
      ? sortRows(rows, sortColumn.sortValue, sort.direction)
      : rows;

  const activate = (column: Column<Row>) => {
    const next = nextSort(sort, column.key, column.numeric ? 'descending' : 'ascending');
    if (controlled === undefined) setOwn(next);
    onSortChange?.(next);
  };

  const table = (
    <table
      className={['data-table', className].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
    >
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={column.numeric ? 'num' : undefined}
              aria-sort={sortColumn === column ? sort?.direction : undefined}
            >
              {column.sortValue ? (
                <button type="button" className="sort-button" onClick={() => activate(column)}>
                  {column.header}
                </button>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shown.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => {
              const Cell = column.rowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.key}
                  scope={column.rowHeader ? 'row' : undefined}
                  className={column.numeric ? 'num' : undefined}
                >
                  {column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return scrollLabel ? (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={scrollLabel}>
      {table}
    </div>
  ) : (
    <div className="table-scroll">{table}</div>
  );
}
