import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentifiedStatement } from '../../../../../core/market/statements';
import { renderWithProviders } from '../../../test-utils';
import * as csv from '../statement-csv';
import { Statements } from './Statements';

const item = (period: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TTM', year: number, revenue: number) =>
  ({
    id: period === 'TTM' ? 'income-ttm' : `income-${year}-${period}`,
    date: `${year}-12-31`,
    symbol: 'ACME',
    reportedCurrency: 'USD',
    fillingDate: '',
    acceptedDate: '',
    calendarYear: String(year),
    period,
    year,
    quarter: period.startsWith('Q') ? Number(period.slice(1)) : 0,
    isAnnual: period === 'FY',
    isTTM: period === 'TTM',
    revenue,
    costOfRevenue: revenue / 2,
    grossProfit: revenue / 2,
    grossProfitRatio: 0.5,
    netIncome: revenue / 10,
    eps: 1.23,
  }) as unknown as IdentifiedStatement;

const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    requests.push(url);
    const limit = Number(url.searchParams.get('limit'));
    const balance = url.pathname.endsWith('balance-sheet-statement');
    const quarterly = url.searchParams.get('period') === 'quarter';
    const periods = Array.from({ length: limit }, (_, i) =>
      item(quarterly ? 'Q4' : 'FY', 2025 - i, 1_234_567_890 - i),
    );
    const data = balance
      ? periods.map(({ ...p }) => ({ ...p, isTTM: undefined }))
      : [item('TTM', 2025, 2_000_000_000), ...periods];
    return new Response(JSON.stringify({ data }), { status: 200 });
  });
});

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('statement table (SPEC §3 statements, periods, TTM; §9 number format)', () => {
  it('shows 8 periods by default with the TTM column first for income statements', async () => {
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    expect(requests[0]!.searchParams.get('limit')).toBe('8');
    expect(requests[0]!.searchParams.get('period')).toBe('annual');
    const h = headers();
    expect(h).toHaveLength(1 + 1 + 8);
    expect(h[1]).toBe('TTMTTM');
    expect(h[2]).toContain('2025');
  });

  it('has no TTM column for the balance sheet', async () => {
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('tab', { name: 'Balance Sheet' }));
    await waitFor(() => expect(requests.at(-1)!.pathname).toContain('balance-sheet-statement'));
    await waitFor(() => expect(headers()).toHaveLength(1 + 8));
    expect(headers().join('|')).not.toContain('TTM');
  });

  it("labels the periods 'Annual' and 'Quarterly' and requests the chosen one", async () => {
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    expect(screen.getByRole('radio', { name: 'Annual' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('period')).toBe('quarter'));
  });

  it("raises the limit with 'Show more'", async () => {
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('limit')).toBe('16'));
    await waitFor(() => expect(headers()).toHaveLength(1 + 1 + 16));
  });

  it('shows amounts in millions or billions with two decimals and thousands separators', async () => {
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    const revenue = screen.getByRole('rowheader', { name: 'Revenue' }).closest('tr')!;
    expect(within(revenue).getAllByRole('cell')[1]).toHaveTextContent('1,234.57');
    fireEvent.click(screen.getByRole('radio', { name: 'Billions' }));
    expect(within(revenue).getAllByRole('cell')[1]).toHaveTextContent('1.23');
    const margin = screen.getByRole('rowheader', { name: 'Gross margin' }).closest('tr')!;
    expect(within(margin).getAllByRole('cell')[0]).toHaveTextContent('50.00%');
  });

  it('exports exactly the rows and columns shown as CSV, with raw numbers', async () => {
    const saved: { name: string; text: string }[] = [];
    vi.spyOn(csv, 'download').mockImplementation((name, text) => void saved.push({ name, text }));
    renderWithProviders(<Statements symbol="ACME" currency="USD" />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('ACME-income-annual.csv');
    const lines = saved[0]!.text.split(/\r?\n/);
    const shownRows = within(screen.getByRole('table')).getAllByRole('rowheader').length;
    expect(lines).toHaveLength(1 + shownRows);
    expect(lines[0]!.split(',')).toEqual([
      'Line (USD)',
      'TTM',
      ...Array.from({ length: 8 }, (_, i) => `${2025 - i}-12-31`),
    ]);
    expect(lines[1]).toBe(
      `Revenue,2000000000,${Array.from({ length: 8 }, (_, i) => 1_234_567_890 - i).join(',')}`,
    );
  });
});
