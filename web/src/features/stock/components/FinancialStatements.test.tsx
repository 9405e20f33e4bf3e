import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithProviders } from '../../../testing/test-utils';
import * as csv from '../lib/statement-csv';
import { statementResponse } from '../testing/fixtures';
import { FinancialStatements } from './FinancialStatements';

const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.restoreAllMocks();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    return json({ data: statementResponse(url, 20) });
  });
});

const table = () => screen.getByRole('table');
const headers = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
const rowCells = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell');
const lastRequest = () => requests.at(-1)!;

async function renderStatements() {
  renderWithProviders(<FinancialStatements symbol="ACME" />);
  await screen.findByRole('table');
}

describe('financial statements (SPEC §3 statements, periods and TTM; §9 limit and format)', () => {
  it('asks for 8 annual income periods and shows the TTM column first', async () => {
    await renderStatements();
    expect(requests[0]!.pathname).toBe('/api/asset/stocks/statement/ACME/income-statement');
    expect(requests[0]!.searchParams.get('period')).toBe('annual');
    expect(requests[0]!.searchParams.get('limit')).toBe('8');
    const h = headers();
    expect(h).toHaveLength(1 + 1 + 8);
    expect(h[0]).toBe('Line item');
    expect(h[1]).toBe('TTM');
    expect(h[2]).toBe('FY 20252025-12-31');
    expect(h[9]).toBe('FY 20182018-12-31');
  });

  it('shows the TTM column first for cash flow but not for the balance sheet', async () => {
    await renderStatements();
    fireEvent.click(screen.getByRole('tab', { name: 'Cash Flow Statement' }));
    await waitFor(() => expect(lastRequest().pathname).toContain('cash-flow-statement'));
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Free cash flow' })));
    expect(headers()[1]).toBe('TTM');

    fireEvent.click(screen.getByRole('tab', { name: 'Balance Sheet' }));
    await waitFor(() => expect(lastRequest().pathname).toContain('balance-sheet-statement'));
    await screen.findByRole('rowheader', { name: 'Total assets' });
    expect(headers()).toHaveLength(1 + 8);
    expect(headers().join('|')).not.toContain('TTM');
    expect(screen.getByRole('tab', { name: 'Balance Sheet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel', { name: 'Balance Sheet' })).toBeInTheDocument();
  });

  it("labels the periods 'Annual' and 'Quarterly' and requests the chosen one", async () => {
    await renderStatements();
    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Annual', 'Quarterly']);
    expect(screen.getByRole('radio', { name: 'Annual' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('quarter'));
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(headers()[2]).toBe('Q4 20252025-12-30'));
  });

  it('moves between periods with the arrow keys (one tab stop)', async () => {
    await renderStatements();
    const annual = screen.getByRole('radio', { name: 'Annual' });
    expect(annual).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(annual, { key: 'ArrowRight' });
    await waitFor(() => expect(lastRequest().searchParams.get('period')).toBe('quarter'));
    expect(screen.getByRole('radio', { name: 'Quarterly' })).toHaveFocus();
  });

  it("raises the limit in the request with 'Show more' and keeps the table meanwhile", async () => {
    await renderStatements();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(lastRequest().searchParams.get('limit')).toBe('16'));
    expect(screen.getByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(headers()).toHaveLength(1 + 1 + 16));
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(lastRequest().searchParams.get('limit')).toBe('24'));
    // Only 20 periods exist: the API answered fewer than asked, so there is no more to show.
    await waitFor(() => expect(headers()).toHaveLength(1 + 1 + 20));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('switches amounts between millions and billions, two decimals with separators', async () => {
    await renderStatements();
    expect(screen.getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
    expect(rowCells('Revenue')[0]).toHaveTextContent('2,000.00'); // TTM
    expect(rowCells('Revenue')[1]).toHaveTextContent('1,234.57');
    expect(table()).toHaveAccessibleName(/amounts in USD millions/);
    fireEvent.click(screen.getByRole('radio', { name: 'B' }));
    expect(rowCells('Revenue')[0]).toHaveTextContent('2.00');
    expect(rowCells('Revenue')[1]).toHaveTextContent('1.23');
    expect(table()).toHaveAccessibleName(/amounts in USD billions/);
    // Margins stay percentages and EPS stays per share, whatever the unit.
    expect(rowCells('Gross margin')[1]).toHaveTextContent('50.00%');
    expect(rowCells('EPS')[1]).toHaveTextContent('1.23');
    // A line the provider left out shows the missing-value dash, not 0.00 or NaN.
    expect(rowCells('Interest income')[1]).toHaveTextContent('—');
  });

  it('exports exactly the rows and columns shown, as raw numbers, named {symbol}-{kind}-{period}', async () => {
    const saved: { name: string; text: string }[] = [];
    vi.spyOn(csv, 'downloadText').mockImplementation((name, text) => {
      saved.push({ name, text });
    });
    await renderStatements();
    fireEvent.click(screen.getByRole('radio', { name: 'B' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('ACME-income-annual.csv');
    const rows = Papa.parse<string[]>(saved[0]!.text).data;
    const shownRows = within(table())
      .getAllByRole('rowheader')
      .map((th) => th.textContent);
    expect(rows.map((r) => r[0])).toEqual(['Line item (USD)', ...shownRows]);
    expect(rows[0]).toEqual([
      'Line item (USD)',
      'TTM',
      ...Array.from({ length: 8 }, (_, i) => `${2025 - i}-12-31`),
    ]);
    expect(rows.every((r) => r.length === headers().length)).toBe(true);
    // Raw numbers, not the billions shown on screen; a missing value is an empty cell.
    expect(rows[1]).toEqual([
      'Revenue',
      '2000000000',
      ...Array.from({ length: 8 }, (_, i) => String(1_234_567_890 - i)),
    ]);
    expect(rows.find((r) => r[0] === 'Gross margin')![1]).toBe('0.5');
    expect(rows.find((r) => r[0] === 'Interest income')![1]).toBe('');
  });

  it('exports the longer table after Show more, and the quarterly balance sheet by its name', async () => {
    const saved: { name: string; text: string }[] = [];
    vi.spyOn(csv, 'downloadText').mockImplementation((name, text) => {
      saved.push({ name, text });
    });
    await renderStatements();
    fireEvent.click(screen.getByRole('tab', { name: 'Balance Sheet' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await screen.findByRole('rowheader', { name: 'Total assets' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(headers()).toHaveLength(1 + 16));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved[0]!.name).toBe('ACME-balance-quarter.csv');
    const rows = Papa.parse<string[]>(saved[0]!.text).data;
    expect(rows[0]).toHaveLength(1 + 16);
    expect(rows).toHaveLength(1 + within(table()).getAllByRole('rowheader').length);
  });

  it('fails on its own with a Retry that asks again', async () => {
    let fail = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return fail
        ? json({ message: 'Statements are resting' }, 500)
        : json({ data: statementResponse(url) });
    });
    renderWithProviders(<FinancialStatements symbol="ACME" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the financial statements. Statements are resting',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table');
  });
});

describe('statement CSV download', () => {
  const readText = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });

  it('hands the browser a CSV blob under the given file name', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: lend it a pair for this test only.
    const urls = URL as unknown as Record<string, unknown>;
    urls.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:statement';
    };
    urls.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      csv.downloadText('ACME-income-annual.csv', 'a,b\r\n1,2');
      const clicked = click.mock.contexts[0] as HTMLAnchorElement;
      expect(clicked.download).toBe('ACME-income-annual.csv');
      expect(clicked.href).toBe('blob:statement');
      expect(clicked.isConnected).toBe(false);
      expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
      await expect(readText(blobs[0]!)).resolves.toBe('a,b\r\n1,2');
    } finally {
      await new Promise((resolve) => setTimeout(resolve, 0)); // the deferred revoke
      delete urls.createObjectURL;
      delete urls.revokeObjectURL;
    }
  });
});
