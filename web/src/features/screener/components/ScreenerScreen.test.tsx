import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchQuery, type ScreenerRow } from '@core/market/screener';
import { jsonResponse, renderRoutes } from '../../../testing/test-utils';
import { ScreenerScreen } from './ScreenerScreen';
import {
  EMPTY_FILTERS,
  EXCHANGE_SUGGESTIONS,
  filtersToQuery,
  validateFilters,
} from '../lib/screener-filters';

const row = (symbol: string, changesPercentage: number): ScreenerRow => ({
  symbol,
  companyName: `${symbol} Corp`,
  marketCap: 12_345_000_000,
  sector: 'Technology',
  industry: 'Software',
  beta: 1,
  price: 123.456,
  changesPercentage,
  lastAnnualDividend: 0.88,
  volume: 1_000_000,
  exchange: 'NASDAQ Global Select',
  exchangeShortName: 'NASDAQ',
  country: 'US',
  currency: 'USD',
  isEtf: false,
  isActivelyTrading: true,
});

const ROWS = [row('ACME', -1.5)];

let answer: (url: URL) => Response;
const urls: URL[] = [];
beforeEach(() => {
  urls.length = 0;
  answer = (url) => jsonResponse({ data: url.searchParams.get('sector') === 'Energy' ? [] : ROWS });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    return answer(url);
  });
});

const renderAt = (path = '/screener') =>
  renderRoutes([{ path: '*', element: <ScreenerScreen /> }], path);

describe('screener (shared by /screener, /analysis, /calender)', () => {
  it('lists stocks from GET /api/asset/stocks/search with links to /stocks/{symbol}', async () => {
    renderAt();
    const table = await screen.findByRole('table');
    const link = within(table).getByRole('link', { name: /^ACME/ });
    expect(link).toHaveAttribute('href', '/stocks/ACME');
    expect(link).toHaveTextContent('ACME Corp');
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

describe('screener results', () => {
  it('explains invalid filters arriving in the address instead of waiting for results', async () => {
    renderAt('/screener?priceMin=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The filters in this address are not valid.',
    );
    expect(screen.getByLabelText('Price above')).toHaveAttribute('aria-invalid', 'true');
    expect(urls).toHaveLength(0);
  });

  it('colours a change by what it prints: 0.00% and -0.00% are neither gain nor loss', async () => {
    answer = () =>
      jsonResponse({
        data: [row('UP', 1.5), row('ZERO', 0), row('TINY', -0.001), row('DOWN', -0.5)],
      });
    renderAt();
    const table = await screen.findByRole('table');
    const change = (symbol: string) =>
      within(table)
        .getByRole('link', { name: new RegExp(`^${symbol}`) })
        .closest('tr')!
        .querySelector('.change-text')!;
    expect(change('UP')).toHaveClass('up');
    expect(change('UP')).toHaveTextContent('+1.50%');
    for (const flat of ['ZERO', 'TINY']) {
      expect(change(flat), flat).toHaveClass('flat');
      expect(change(flat), flat).not.toHaveClass('up');
      expect(change(flat), flat).not.toHaveClass('down');
      expect(change(flat)).toHaveTextContent('■ Unchanged 0.00%');
    }
    expect(change('DOWN')).toHaveClass('down');
  });

  it('says the order it shows, largest market cap first until a column is sorted', async () => {
    const user = userEvent.setup();
    answer = () =>
      jsonResponse({
        data: [
          { ...row('BIG', 1), marketCap: 9e11, price: 5 },
          { ...row('MID', 1), marketCap: 5e10, price: 50 },
        ],
      });
    renderAt();
    const table = await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('2 stocks, largest market cap first');
    expect(within(table).getByRole('columnheader', { name: 'Market cap' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(within(table).getByRole('button', { name: 'Price' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 stocks, by price, highest first');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['MIDMID Corp', 'BIGBIG Corp']);
  });

  it('encodes a symbol into its link as the stock page expects', async () => {
    answer = () => jsonResponse({ data: [row('^ODD', 1)] });
    renderAt();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: /ODD/ })).toHaveAttribute(
      'href',
      '/stocks/%5EODD',
    );
  });

  it('says when the stocks could not be loaded, and retries', async () => {
    const user = userEvent.setup();
    answer = () => jsonResponse({ message: 'boom' }, 503);
    renderAt();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the stocks.');
    answer = () => jsonResponse({ data: ROWS });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('screener filters', () => {
  it('leaves out empty filters and checks the price range', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toEqual({ limit: '50' });
    expect(validateFilters({ ...EMPTY_FILTERS, priceMin: '20', priceMax: '10' })).toEqual({
      priceMax: 'The highest price must not be below the lowest',
    });
    expect(validateFilters({ ...EMPTY_FILTERS, priceMin: '-1', exchange: 'N4SDAQ' })).toEqual({
      priceMin: 'Enter zero or more',
      exchange: 'An exchange short name has 2 to 10 letters, e.g. NASDAQ',
    });
  });

  it('refuses a query longer than the API takes (100 characters), next to its field', () => {
    expect(validateFilters({ ...EMPTY_FILTERS, query: 'a'.repeat(100) })).toEqual({});
    expect(validateFilters({ ...EMPTY_FILTERS, query: 'a'.repeat(101) })).toEqual({
      query: 'At most 100 characters',
    });
  });

  it('writes numbers in plain decimals the API accepts, never 1e-7', () => {
    const filters = {
      ...EMPTY_FILTERS,
      priceMin: '0.0000001',
      dividendMin: '1e3',
      marketCap: 'mega',
    };
    expect(validateFilters(filters)).toEqual({});
    const query = filtersToQuery(filters);
    expect(query).toMatchObject({
      priceMoreThan: '0.0000001',
      dividendMoreThan: '1000',
      marketCapMoreThan: '200000000000',
    });
    expect(searchQuery.safeParse(query).success).toBe(true);
  });

  it('suggests the exchanges the product covers', () => {
    expect(EXCHANGE_SUGGESTIONS).toContain('NASDAQ');
    expect(EXCHANGE_SUGGESTIONS).toContain('SAU');
    expect(EXCHANGE_SUGGESTIONS).not.toContain('AMEX');
  });
});

describe('screener form', () => {
  it('shows the query limit next to its field and does not search', async () => {
    const user = userEvent.setup();
    renderAt();
    await screen.findByRole('table');
    const before = urls.length;
    const input = screen.getByLabelText('Symbol or company');
    await user.click(input);
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At most 100 characters');
    expect(urls.length).toBe(before);
  });
});
