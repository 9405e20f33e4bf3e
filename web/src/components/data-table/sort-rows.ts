export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  /** The sorted column's key. */
  readonly key: string;
  readonly direction: SortDirection;
}

export type SortValue = number | string | null | undefined;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The rows in the column's order: numbers by value, texts by collation; a missing value goes last
 * in either direction (an unknown price is never the 'lowest'). Stable, so equal values keep the
 * API's order.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const aMissing = a.key === null || a.key === undefined || Number.isNaN(a.key);
      const bMissing = b.key === null || b.key === undefined || Number.isNaN(b.key);
      if (aMissing || bMissing)
        return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map(({ row }) => row);
}

/**
 * The next sort when a column's header is activated: another column starts in its first direction
 * (highest first for numbers, A to Z for texts); the sorted column flips.
 */
export function nextSort(current: SortState | null, key: string, first: SortDirection): SortState {
  if (current?.key !== key) return { key, direction: first };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
