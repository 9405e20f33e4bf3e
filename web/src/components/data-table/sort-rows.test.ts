import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sort-rows';

describe('sortRows', () => {
  const rows = [
    { s: 'b', n: 2 },
    { s: 'A', n: null },
    { s: 'c10', n: 10 },
    { s: 'c9', n: 2 },
  ];

  it('orders numbers by value, either way, missing values last and ties in their order', () => {
    expect(sortRows(rows, (r) => r.n, 'descending').map((r) => r.s)).toEqual([
      'c10',
      'b',
      'c9',
      'A',
    ]);
    expect(sortRows(rows, (r) => r.n, 'ascending').map((r) => r.s)).toEqual([
      'b',
      'c9',
      'c10',
      'A',
    ]);
  });

  it('orders texts by collation: case-insensitive, digits as numbers', () => {
    expect(sortRows(rows, (r) => r.s, 'ascending').map((r) => r.s)).toEqual([
      'A',
      'b',
      'c9',
      'c10',
    ]);
  });

  it('leaves the rows it was given alone', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.n, 'ascending');
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('starts a new column in its first direction and flips the sorted one', () => {
    expect(nextSort(null, 'price', 'descending')).toEqual({
      key: 'price',
      direction: 'descending',
    });
    const byPrice = { key: 'price', direction: 'descending' } as const;
    expect(nextSort(byPrice, 'price', 'descending').direction).toBe('ascending');
    expect(nextSort(byPrice, 'name', 'ascending')).toEqual({ key: 'name', direction: 'ascending' });
  });
});
