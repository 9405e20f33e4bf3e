import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PER_USD } from '@core/market/fx';
import { INITIAL_SESSION, type SessionUser } from '@core/session';
import { verdictStandardText } from '@core/shariah-preference';
import { EXPORTS_FEATURE_NAME, premiumOnlyText, type SubscriptionState } from '@core/subscription';
import { activeSubscription } from '@core/testing/subscription';
import { AuthContext } from '../../../lib/auth/auth-context';
import type { ScreenedStock } from '@core/market/stock-screen';
import { WorkspaceTabs, type WorkspaceTab } from '../../../components/workspace/WorkspaceTabs';
import * as download from '../../../lib/download-text';
import * as amplify from '../../../testing/amplify-mock';
import { TEST_CONFIG } from '../../../testing/render-app';
import { jsonResponse, renderRoutes } from '../../../testing/test-utils';
import { ScreenerPanel } from './ScreenerPanel';

const stock = (i: number, over: Partial<ScreenedStock> = {}): ScreenedStock => ({
  symbol: `S${String(i).padStart(3, '0')}`,
  companyName: `Company ${i}`,
  exchangeShortName: 'JPX',
  country: 'JP',
  sector: 'Technology',
  industry: 'Software',
  currency: 'JPY',
  price: 1500,
  changesPercentage: 1.25,
  marketCap: 450e9,
  volume: 12_000,
  beta: 1.1,
  pe: 14.2,
  pb: 1.8,
  dividendYield: 2.5,
  roe: 12,
  debtToEquity: 0.4,
  marketCapConverted: 3e9,
  priceConverted: 10,
  ...over,
});

/** A universe of 127 matches, answered page by page as the server would. */
const UNIVERSE = Array.from({ length: 127 }, (_, i) =>
  stock(
    i,
    i === 0
      ? {
          companyName: '=HYPERLINK("http://evil")',
          shariah: { aaoifi: 'compliant', msci: 'non-compliant' },
        }
      : {},
  ),
);
const urls: URL[] = [];
/** The user's saved screens as the stub server holds them, and what was sent to it. */
let savedScreens: { id: string; name: string; params: Record<string, string> }[] = [];
const sent: { method: string; path: string; body: unknown }[] = [];
beforeEach(() => {
  urls.length = 0;
  sent.length = 0;
  savedScreens = [
    { id: `sc_${'a'.repeat(24)}`, name: 'Cheap yen', params: { currency: 'JPY', peMax: '12' } },
  ];
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'user@example.com' });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url);
    if (url.pathname === '/config.json') return jsonResponse(TEST_CONFIG);
    if (url.pathname === '/api/subscription/user') {
      return jsonResponse({ sub: 'sub-1', email: 'user@example.com', shariahStandard: 'msci' });
    }
    if (url.pathname.startsWith('/api/subscription/screens')) {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      sent.push({ method, path: url.pathname, body });
      if (method === 'POST') {
        const screen = {
          id: `sc_${'b'.repeat(24)}`,
          ...(body as { name: string; params: Record<string, string> }),
        };
        savedScreens = [...savedScreens, screen];
        return jsonResponse(screen);
      }
      if (method === 'DELETE') {
        savedScreens = savedScreens.filter((s) => !url.pathname.endsWith(s.id));
        return jsonResponse({ deleted: url.pathname.split('/').pop() });
      }
      return jsonResponse({ screens: savedScreens, limits: { tier: 'premium', savedScreens: 50 } });
    }
    if (url.searchParams.get('priceMin') === '999') {
      return jsonResponse({ message: 'priceMin: boom' }, 400);
    }
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 25);
    return jsonResponse({
      data: UNIVERSE.slice(offset, offset + limit),
      total: UNIVERSE.length,
      offset,
      limit,
      currency: url.searchParams.get('currency') ?? 'USD',
      rates: DEMO_PER_USD,
      demo: true,
    });
  });
});

const TABS: WorkspaceTab[] = [
  { segment: 'screener', label: 'Screener', title: 'Stock screener', panel: <ScreenerPanel /> },
  { segment: 'analysis', label: 'Analysis', title: 'Stock screener', panel: <ScreenerPanel /> },
  { segment: 'calender', label: 'Calendar', title: 'Stock screener', panel: <ScreenerPanel /> },
];

/** A signed-in user (Premium unless told), as the app's auth provider gives it. */
const renderAt = (
  path: string,
  subscription: SubscriptionState | null = activeSubscription(),
  tabs = TABS,
  user: SessionUser | null = null,
) =>
  renderRoutes(
    ['screener', 'analysis', 'calender', 'admin/screener'].map((segment) => ({
      path: `/${segment}`,
      element: (
        <AuthContext.Provider
          value={{
            state: {
              ...INITIAL_SESSION,
              isInitialized: true,
              isAuthenticated: true,
              subscription,
              user,
            },
            dispatch: () => {},
            completeSignIn: async () => ({ kind: 'no-session' }),
            logout: async () => {},
            reloadSubscription: async () => {},
          }}
        >
          <WorkspaceTabs tabs={tabs} active={segment.replace('admin/', '')} />
        </AuthContext.Provider>
      ),
    })),
    path,
  );

const lastScreenUrl = () => urls.filter((u) => u.pathname === '/api/asset/stocks/screener').at(-1)!;

describe('the workspace screen: screener, analysis and calendar as tabs', () => {
  it('shows the tabs as links, the open one marked, under /admin for staff', async () => {
    renderAt('/analysis');
    const tabs = screen.getByRole('navigation', { name: /screener, analysis and calendar/i });
    expect(within(tabs).getByRole('link', { name: 'Analysis' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      '/calender',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stock screener');
    await screen.findByRole('table');
  });

  it('keeps the /admin prefix on the tabs of the admin copy', async () => {
    renderAt('/admin/screener');
    expect(screen.getByRole('link', { name: 'Analysis' })).toHaveAttribute(
      'href',
      '/admin/analysis',
    );
    await screen.findByRole('table');
  });
});

describe('the screener tab', () => {
  it('tells the true count and pages through every match', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/screener');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1–25 of 127 stocks'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('26–50 of 127'));
    expect(router.state.location.search).toBe('?offset=25');
    expect(lastScreenUrl().searchParams.get('offset')).toBe('25');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('sorts on the server when a header is activated, from the first page', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/screener?offset=50');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'P/E' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=pe&order=desc'));
    expect(lastScreenUrl().searchParams.get('sort')).toBe('pe');
    expect(screen.getByRole('columnheader', { name: 'P/E' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('bands market caps in the chosen currency and keeps the screen in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/screener');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    const band = screen.getByLabelText('Market cap band');
    // USD 10bn–200bn is JPY 1.5T–30T at 150 yen to the dollar.
    expect(within(band).getByRole('option', { name: /^Large/ })).toHaveTextContent(
      'Large (1,500.00B–30,000.00B JPY)',
    );
    await user.selectOptions(band, 'large');
    await user.selectOptions(screen.getByLabelText('Shariah-compliant by'), 'aaoifi');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        currency: 'JPY',
        shariah: 'aaoifi',
        marketCapMin: '1500000000000',
        marketCapMax: '30000000000000',
      }),
    );
    await waitFor(() =>
      expect(lastScreenUrl().searchParams.get('marketCapMin')).toBe('1500000000000'),
    );
    expect(
      await screen.findByRole('columnheader', { name: /Market cap \(JPY\)/ }),
    ).toBeInTheDocument();
  });

  it('refuses a filter with core’s message at the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/screener');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('P/E from'), 'ten');
    await user.type(screen.getByLabelText('Beta from'), '2');
    await user.type(screen.getByLabelText('Beta to'), '1');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('must be a number')).toBeInTheDocument();
    expect(screen.getByText('betaMax must not be below betaMin')).toBeInTheDocument();
    expect(screen.getByLabelText('P/E from')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.search).toBe('');
  });

  it('says when a shared address holds an invalid screen', async () => {
    renderAt('/screener?currency=XYZ');
    expect(await screen.findByRole('alert')).toHaveTextContent(/currency must be one of/);
  });

  it('exports every match, not one page, with formulas neutralised', async () => {
    const user = userEvent.setup();
    const texts: string[] = [];
    const spy = vi.spyOn(download, 'downloadText').mockImplementation((_name, text) => {
      texts.push(text);
    });
    try {
      renderAt('/screener?currency=JPY');
      await user.click(await screen.findByRole('button', { name: 'Export all 127 as CSV' }));
      await waitFor(() => expect(texts).toHaveLength(1));
      expect(spy.mock.calls[0]![0]).toBe('screen-JPY.csv');
      const rows = Papa.parse<string[]>(texts[0]!.trim()).data;
      expect(rows).toHaveLength(128);
      expect(rows[0]).toContain('Market cap (JPY)');
      expect(rows[1]![1]).toBe('\'=HYPERLINK("http://evil")');
      const pages = urls.filter((u) => u.searchParams.get('limit') === '100');
      expect(pages.map((u) => u.searchParams.get('offset'))).toEqual(['0', '100']);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the screener for a Free user, and with a row action', () => {
  it('offers Premium instead of the CSV export', async () => {
    renderAt('/screener', null);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('of 127 stocks'));
    expect(screen.getByRole('note')).toHaveTextContent(premiumOnlyText(EXPORTS_FEATURE_NAME));
    expect(screen.queryByRole('button', { name: /as CSV/ })).toBeNull();
  });

  it('gives each row the action app/ composes, in a column of its own', async () => {
    const tabs: WorkspaceTab[] = [
      {
        ...TABS[0]!,
        panel: (
          <ScreenerPanel
            rowAction={{
              header: 'Watchlist',
              cell: (symbol) => <button type="button">Add {symbol}</button>,
            }}
          />
        ),
      },
    ];
    renderAt('/screener', activeSubscription(), tabs);
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Watchlist' })).toBeInTheDocument();
    const row = screen.getAllByRole('row')[2]!;
    expect(within(row).getByRole('button', { name: 'Add S001' })).toBeInTheDocument();
  });
});

describe('the Shariah verdict column', () => {
  it('shows each row’s verdict under the default standard without a user, and why a row has none', async () => {
    renderAt('/screener');
    await screen.findByRole('table');
    expect(screen.getByText(verdictStandardText('aaoifi', 'visitor'))).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Shariah' })).toBeInTheDocument();
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('Compliant')).toBeInTheDocument();
    expect(within(second!).getByText(/^No verdict: No Shariah screen/)).toBeInTheDocument();
    expect(within(second!).getByTitle(/^No Shariah screen/)).toHaveTextContent('—');
  });

  it('shows it under the standard on the signed-in user’s record', async () => {
    renderAt('/screener', activeSubscription(), TABS, { sub: 'sub-1', email: 'user@example.com' });
    await screen.findByText(verdictStandardText('msci', 'chosen'));
    const [, first] = screen.getAllByRole('row');
    expect(within(first!).getByText('Non-compliant')).toBeInTheDocument();
  });
});

describe('saved screens', () => {
  it('saves the screen in the address (without its page), opens one and deletes it', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/screener?sector=Energy&sort=pe&order=asc&offset=50');
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Name for this screen'), 'Energy by P/E');
    await user.click(screen.getByRole('button', { name: 'Save screen' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Energy by P/E',
        params: { sector: 'Energy', sort: 'pe', order: 'asc' },
      }),
    );
    const pick = screen.getByLabelText('Saved screen');
    await waitFor(() =>
      expect(within(pick).getByRole('option', { name: 'Energy by P/E' })).toBeInTheDocument(),
    );
    await user.selectOptions(pick, 'Cheap yen');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).toBe('?currency=JPY&peMax=12'));
    expect(screen.getByLabelText('P/E to')).toHaveValue('12');
    await user.selectOptions(pick, 'Cheap yen');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(pick).queryByRole('option', { name: 'Cheap yen' })).not.toBeInTheDocument(),
    );
    expect(sent.find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/subscription/screens/sc_${'a'.repeat(24)}`,
    );
  });
});
