import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test-utils';
import { ScreenerScreen } from './ScreenerScreen';
import { filtersToQuery, validateFilters, EMPTY_FILTERS } from './screener-filters';

const ROWS = [
  {
    symbol: 'ACME',
    companyName: 'Acme Corp',
    marketCap: 12_345_000_000,
    sector: 'Technology',
    industry: 'Software',
    price: 123.456,
    changesPercentage: -1.5,
    lastAnnualDividend: 0.88,
    exchangeShortName: 'NASDAQ',
    country: 'US',
    currency: 'USD',
  },
];

const urls: URL[] = [];
beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    const rows = url.searchParams.get('sector') === 'Energy' ? [] : ROWS;
    return new Response(JSON.stringify({ data: rows }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

const renderAt = (path = '/screener') =>
  renderRoutes([{ path: '*', element: <ScreenerScreen /> }], path);

describe('screener (shared by /screener, /analysis, /calender)', () => {
  it('lists stocks from GET /api/asset/stocks/search with links to /stocks/{symbol}', async () => {
    renderAt();
    const table = await screen.findByRole('table');
    const link = within(table).getByRole('link', { name: 'ACME' });
    expect(link).toHaveAttribute('href', '/stocks/ACME');
    expect(table).toHaveTextContent('Acme Corp');
    expect(table).toHaveTextContent('12.35B');
    expect(table).toHaveTextContent('123.46 USD');
    expect(urls[0]!.pathname).toBe('/api/asset/stocks/search');
  });

  it('applies the filters to the query and the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderAt();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Sector'), 'Energy');
    await user.type(screen.getByLabelText('Exchange'), 'nyse');
    await user.selectOptions(screen.getByLabelText('Market cap'), 'large');
    await user.type(screen.getByLabelText('Price above'), '10');
    await user.type(screen.getByLabelText('Annual dividend above'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No stocks match these filters.')).toBeInTheDocument();
    const last = urls.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      sector: 'Energy',
      exchange: 'NYSE',
      marketCapMoreThan: '10000000000',
      marketCapLowerThan: '200000000000',
      priceMoreThan: '10',
      dividendMoreThan: '0.5',
    });
    expect(router.state.location.search).toContain('sector=Energy');
  });

  it('explains an invalid number next to its field and does not search', async () => {
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    const before = urls.length;
    await user.type(screen.getByLabelText('Price below'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    const input = screen.getByLabelText('Price below');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a number, or leave it empty');
    await waitFor(() => expect(input).toHaveFocus());
    expect(urls.length).toBe(before);
  });
});

describe('screener filters', () => {
  it('leaves out empty filters and checks the price range', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toEqual({ limit: 50 } as never);
    expect(validateFilters({ ...EMPTY_FILTERS, priceMin: '20', priceMax: '10' })).toEqual({
      priceMax: 'The highest price must not be below the lowest',
    });
    expect(validateFilters({ ...EMPTY_FILTERS, priceMin: '-1', exchange: 'N4SDAQ' })).toEqual({
      priceMin: 'Enter zero or more',
      exchange: 'An exchange short name has 2 to 10 letters, e.g. NASDAQ',
    });
  });
});
