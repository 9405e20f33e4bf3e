import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderRoutes } from '../../../testing/test-utils';
import { StockPage } from './StockPage';
import {
  ANALYST,
  METRICS,
  PROFILE,
  QUOTE,
  RATIOS,
  SHARIAH,
  statementResponse,
} from '../testing/fixtures';

// The chart is another feature's (and draws on a canvas jsdom lacks): a stand-in with its props.
vi.mock('../../../components/chart/PriceChart', () => ({
  PriceChart: (props: { symbol: string; currency?: string; priced?: boolean }) => (
    <div data-testid="price-chart">
      {props.symbol} {props.currency}
      {props.priced === false && ' (no prices yet)'}
    </div>
  ),
}));

type Answer = () => Response;
let overrides: Record<string, Answer> = {};
const requests: string[] = [];

/** The asset API for ACME; `overrides` replaces an endpoint by its path prefix. */
function api(input: RequestInfo | URL): Response {
  const url = new URL(String(input), 'http://localhost');
  const path = url.pathname.replace('/api/asset', '');
  requests.push(path);
  const override = Object.entries(overrides).find(([prefix]) => path.startsWith(prefix));
  if (override) return override[1]();
  if (!path.includes('/ACME')) return json({ message: 'Unknown symbol' }, 404);
  if (path.startsWith('/stocks/statement/')) return json({ data: statementResponse(url) });
  const data: Record<string, unknown> = {
    '/stocks/profile/ACME': PROFILE,
    '/stocks/quote/ACME': QUOTE,
    '/stocks/ratios-ttm/ACME/ratios': RATIOS,
    '/stocks/key-metrics-ttm/ACME/metrics': METRICS,
    '/stocks/analyst/ACME': ANALYST,
    '/stocks/shariah/ACME': SHARIAH,
  };
  return path in data ? json({ data: [data[path]] }) : json({ message: 'Not Found' }, 404);
}

beforeEach(() => {
  vi.restoreAllMocks();
  overrides = {};
  requests.length = 0;
  document.title = 'StockScope';
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => api(input));
});

const renderPage = (symbol = 'ACME') =>
  renderRoutes([{ path: '/stocks/:symbol', element: <StockPage /> }], `/stocks/${symbol}`);

const section = (name: string) => screen.getByRole('region', { name });

describe('stock detail page', () => {
  it('shows every section with its data, and names the page after the stock', async () => {
    renderPage('acme');
    // Until the profile answers, one placeholder: the name sets the header's height.
    expect(screen.getByRole('status', { name: 'Loading company' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    await waitFor(() => expect(document.title).toBe('ACME – Acme Corporation | StockScope'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Chart',
      'Key statistics (TTM)',
      'Financial statements',
      'Analyst ratings',
      'Company profile',
      'Shariah screen',
    ]);
    expect(screen.getByTestId('price-chart')).toHaveTextContent('ACME USD');

    const stats = section('Key statistics (TTM)');
    const stat = (label: string) =>
      within(stats).getByText(label, { selector: 'dt' }).nextElementSibling;
    await waitFor(() => expect(stat('P/E')).toHaveTextContent('24.57'));
    expect(stat('Current ratio')).toHaveTextContent('1,234.50');
    expect(stat('Gross margin')).toHaveTextContent('43.21%');
    expect(stat('Dividend yield')).toHaveTextContent('1.23%');
    expect(stat('Return on invested capital')).toHaveTextContent('15.50%');
    expect(stat('Market cap')).toHaveTextContent('2.35B');
    expect(stat('P/B')).toHaveTextContent('—'); // null: not meaningful

    const financials = section('Financial statements');
    expect(await within(financials).findByRole('table')).toBeInTheDocument();

    const analysts = section('Analyst ratings');
    expect(await within(analysts).findByText(/^Consensus:/)).toHaveTextContent(
      'Consensus: Buy (19 analysts)',
    );
    const distribution = within(analysts).getByRole('list', { name: 'Rating distribution' });
    expect(
      within(distribution)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Strong buy5', 'Buy10', 'Hold3', 'Sell1', 'Strong sell0']);
    expect(within(analysts).getByRole('img')).toHaveAccessibleName(
      'Price targets from 1,000.00 to 1,500.00 USD, median 1,300.00, consensus 1,350.00; current price 1,234.50',
    );
    const grades = within(analysts).getByRole('table', { name: /rating changes/ });
    expect(
      within(grades)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      // A grade's target reads against the price of its day; a grade without one shows "—".
      '2025-06-01Road Runner ResearchUpgradeHold → Buy1,400.00 (+12.00%)',
      '2025-01-15Mesa CapitalInitiatedHold—',
    ]);

    const profile = section('Company profile');
    const fact = (label: string) =>
      within(profile).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Country')).toHaveTextContent('United States (US)');
    expect(fact('Employees')).toHaveTextContent('12,345');
    expect(fact('ISIN')).toHaveTextContent('US0000000001');
    expect(fact('Address')).toHaveTextContent('1 Desert Road, Phoenix');
    const link = within(profile).getByRole('link', { name: /acme\.example/ });
    expect(link).toHaveAttribute('href', 'https://acme.example/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(profile).getByText('It has done so since 1949.')).toBeInTheDocument();

    expect(within(section('Shariah screen')).getAllByRole('table')).toHaveLength(6);
  });

  it('says clearly when the symbol is unknown, with a way home', async () => {
    renderPage('NOSUCHCO');
    expect(await screen.findByText('We could not find the stock "NOSUCHCO".')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stock not found');
    expect(screen.getByRole('link', { name: 'home page' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toBe('Stock not found | StockScope');
  });

  it('treats a symbol the API refuses (400) as not found too', async () => {
    overrides['/stocks/profile/'] = () => json({ message: 'symbol must be 1–20 letters' }, 400);
    renderPage('A B');
    expect(await screen.findByText('We could not find the stock "A B".')).toBeInTheDocument();
  });

  it('lets one section fail on its own, with a Retry that loads it', async () => {
    let analystUp = false;
    overrides['/stocks/analyst/'] = () =>
      analystUp ? json({ data: [ANALYST] }) : json({ message: 'Analyst service unavailable' }, 503);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    const analysts = section('Analyst ratings');
    expect(await within(analysts).findByRole('alert')).toHaveTextContent(
      'We could not load the analyst ratings. Analyst service unavailable',
    );
    // Everything else is there.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Corporation');
    await within(section('Shariah screen')).findByText(/Overall verdict/);
    await within(section('Key statistics (TTM)')).findByText('P/E');
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    analystUp = true;
    fireEvent.click(within(analysts).getByRole('button', { name: 'Retry' }));
    expect(await within(analysts).findByText(/^Consensus:/)).toBeInTheDocument();
    expect(within(analysts).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('contains a section that crashes on bad data, with a Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    overrides['/stocks/analyst/'] = () => json({ data: [{ symbol: 'ACME', consensus: 'Buy' }] });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    const analysts = section('Analyst ratings');
    expect(await within(analysts).findByRole('alert')).toHaveTextContent(
      'The analyst ratings section could not be displayed.',
    );
    expect(within(analysts).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await within(section('Shariah screen')).findByText(/Overall verdict/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme Corporation');
  });

  it('draws the header and chart first: the sections below, and their reads, wait until scrolled near or idle', async () => {
    // A viewport that reports nothing near, and idle periods the test hands out one at a time.
    const observed = new Map<Element, IntersectionObserverCallback>();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.set(element, this.callback);
        }
        disconnect() {}
      },
    );
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    try {
      renderPage();
      await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
      expect(screen.getByTestId('price-chart')).toBeInTheDocument();
      const below = [
        'Key statistics (TTM)',
        'Financial statements',
        'Analyst ratings',
        'Company profile',
        'Shariah screen',
      ];
      // Each keeps its heading (a landmark to jump to) and an empty box of about its height.
      for (const name of below) {
        expect(section(name).querySelector('.section-deferred')).not.toBeNull();
      }
      expect(requests.filter((p) => /statement|analyst|shariah|ratios|metrics/.test(p))).toEqual(
        [],
      );

      // Scrolled near the statements: they draw, and only they.
      const statements = section('Financial statements').querySelector('.section-deferred')!;
      // The box starts being watched in an effect, which a loaded machine may run a little later.
      await waitFor(() => expect(observed.has(statements)).toBe(true));
      act(() =>
        observed.get(statements)!(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(await within(section('Financial statements')).findByRole('table')).toBeVisible();
      expect(requests.filter((p) => /analyst|shariah|ratios|metrics/.test(p))).toEqual([]);

      // Idle: the others, one per idle period.
      const drawn = () => below.filter((name) => !section(name).querySelector('.section-deferred'));
      for (let period = 2; period <= below.length; period += 1) {
        act(() => idle.shift()?.());
        await waitFor(() => expect(drawn()).toHaveLength(period));
      }
      await within(section('Key statistics (TTM)')).findByText('P/E');
      await within(section('Analyst ratings')).findByText(/^Consensus:/);
      await within(section('Shariah screen')).findByText(/Overall verdict/);
    } finally {
      // The idle queue runs whatever is left, so the next test starts with an empty one.
      while (idle.length > 0) act(() => idle.shift()!());
      vi.unstubAllGlobals();
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => api(input));
    }
  });

  it('shows skeletons while sections load', async () => {
    overrides['/stocks/shariah/'] = () => new Promise<Response>(() => {}) as unknown as Response;
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    expect(
      await within(section('Shariah screen')).findByRole('status', {
        name: 'Loading Shariah screen',
      }),
    ).toBeInTheDocument();
  });

  it('keeps the page when the live quote fails, on the profile price, with a Retry', async () => {
    overrides['/stocks/quote/'] = () => json({ message: 'Quote feed down' }, 500);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The live quote could not be loaded',
    );
    expect(screen.getByTestId('quote-price')).toHaveTextContent('150.00');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a stock without any price yet as such: no price, no failure, nothing made up', async () => {
    const { price, changes, mktCap, range, volAvg, ...unpriced } = PROFILE;
    void [price, changes, mktCap, range, volAvg];
    overrides['/stocks/profile/'] = () =>
      json({ data: [{ ...unpriced, fullTimeEmployees: null, ipoDate: null }] });
    overrides['/stocks/quote/'] = () => json({ message: 'No market data for "ACME"' }, 404);
    renderPage();
    expect(await screen.findByText(/This stock has no price yet/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByText(/The live quote could not be loaded/)).not.toBeInTheDocument();
    expect(screen.getByTestId('quote-price')).toHaveTextContent('—');
    expect(screen.getByTestId('price-chart')).toHaveTextContent('(no prices yet)');
    const profile = await screen.findByRole('region', { name: 'Company profile' });
    const fact = async (label: string) =>
      (await within(profile).findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await fact('Employees')).toHaveTextContent(/^—$/);
    expect(await fact('IPO date')).toHaveTextContent(/^—$/);
  });

  it('draws the page on the symbol when the profile fails, with a Retry that brings the name', async () => {
    let profileUp = false;
    overrides['/stocks/profile/'] = () =>
      profileUp ? json({ data: [PROFILE] }) : json({ message: 'Profile service down' }, 503);
    renderPage('acme');
    const failed = (await screen.findByText(/^We could not load the company\./)).closest('div')!;
    expect(failed).toHaveAttribute('role', 'alert');
    expect(failed).toHaveTextContent('Profile service down');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ACME');
    expect(section('Chart')).toBeInTheDocument();

    profileUp = true;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows empty states, not errors, for data a company does not have', async () => {
    overrides['/stocks/analyst/'] = () => json({ data: [] });
    overrides['/stocks/shariah/'] = () => json({ message: 'No Shariah screening data' }, 404);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Acme Corporation' });
    expect(
      await within(section('Analyst ratings')).findByText('No analysts cover this company.'),
    ).toBeInTheDocument();
    expect(
      await within(section('Shariah screen')).findByText(
        'No Shariah screening data is available for this company.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
