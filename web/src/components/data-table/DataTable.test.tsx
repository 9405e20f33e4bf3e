import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './DataTable';

interface Row {
  readonly name: string;
  readonly price: number | null;
}

const ROWS: readonly Row[] = [
  { name: 'beta', price: 2 },
  { name: 'Alpha', price: 10 },
  { name: 'gamma', price: null },
  { name: 'delta', price: 5 },
];

const COLUMNS: readonly Column<Row>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (r) => r.name, sortValue: (r) => r.name },
  {
    key: 'price',
    header: 'Price',
    numeric: true,
    cell: (r) => (r.price === null ? '—' : r.price.toFixed(2)),
    sortValue: (r) => r.price,
  },
  { key: 'note', header: 'Note', cell: () => 'n/a' },
];

const table = () => screen.getByRole('table', { name: 'Prices' });
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name });

describe('DataTable', () => {
  it('names rows by their row header, figures right, in the rows’ own order at first', () => {
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} caption="Prices" />);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', 'Note']);
    expect(names()).toEqual(['beta', 'Alpha', 'gamma', 'delta']);
    for (const th of within(table()).getAllByRole('columnheader')) {
      expect(th).not.toHaveAttribute('aria-sort');
      expect(th).toHaveAttribute('scope', 'col');
    }
    expect(within(table()).getAllByRole('rowheader')[0]).toHaveAttribute('scope', 'row');
    expect(header('Price')).toHaveClass('num');
    // A column without a sort value has no button.
    expect(within(header('Note')).queryByRole('button')).toBeNull();
  });

  it('sorts a figure column highest first on click, then lowest first; unknown values last', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} caption="Prices" />);
    await user.click(within(header('Price')).getByRole('button', { name: 'Price' }));
    expect(header('Price')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Alpha', 'delta', 'beta', 'gamma']);
    await user.click(within(header('Price')).getByRole('button'));
    expect(header('Price')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['beta', 'delta', 'Alpha', 'gamma']);
  });

  it('sorts a text column A to Z first, from the keyboard too; only the sorted column has aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={COLUMNS} rows={ROWS} rowKey={(r) => r.name} caption="Prices" />);
    await user.tab();
    expect(within(header('Name')).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    await user.keyboard(' ');
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['gamma', 'delta', 'beta', 'Alpha']);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(header('Price')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).not.toHaveAttribute('aria-sort');
  });

  it('starts from an initial order, and names a focusable scroll region when asked', () => {
    render(
      <DataTable
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.name}
        caption="Prices"
        initialSort={{ key: 'price', direction: 'ascending' }}
        scrollLabel="Price list"
      />,
    );
    expect(header('Price')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['beta', 'delta', 'Alpha', 'gamma']);
    expect(screen.getByRole('region', { name: 'Price list' })).toHaveAttribute('tabindex', '0');
  });
});

describe('DataTable over rows the server sorted (presorted)', () => {
  it('shows the rows as given, marks the column, and reports a header click', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    render(
      <DataTable
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.name}
        caption="Prices"
        sort={{ key: 'price', direction: 'descending' }}
        onSortChange={(sort) => asked.push(`${sort.key} ${sort.direction}`)}
        presorted
      />,
    );
    // A page of the server's order is not re-sorted in the browser (it would differ on ties).
    expect(names()).toEqual(['beta', 'Alpha', 'gamma', 'delta']);
    expect(header('Price')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Price')).getByRole('button'));
    expect(asked).toEqual(['price ascending']);
  });
});
