import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portfolioSummary } from '@core/portfolio/summary';
import type { PortfolioSummaryInput, SymbolMarket } from '@core/portfolio/summary-inputs';
import type { ValuePoint } from '@core/portfolio/value-series';
import type { PortfolioView, StoredTransaction } from '@core/portfolios';
import { STALE_PORTFOLIO_TEXT } from '@core/portfolios';
import * as amplify from '../../../testing/amplify-mock';
import { renderApp, stubApis, type RecordedRequest } from '../../../testing/render-app';
import { jsonResponse } from '../../../testing/test-utils';

vi.mock('aws-amplify', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../../../testing/amplify-mock'));

// chart.js cannot draw in jsdom: the stand-in records the datasets it is given.
const { FakeChart, charts } = await vi.hoisted(() => import('../../../testing/fake-chart'));
vi.mock('../../../components/chart/register-chart', () => ({ Chart: FakeChart }));

const EMAIL = 'folio@example.com';
const ID = 'pf_0123456789abcdef01234567';

const portfolio = (over: Partial<PortfolioView> = {}): PortfolioView => ({
  id: ID,
  name: 'Long term',
  currency: 'USD',
  benchmark: '^GSPC',
  version: 4,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  readOnly: false,
  ...over,
});

const TRANSACTIONS: StoredTransaction[] = [
  {
    id: 'tx_0000000001',
    type: 'buy',
    date: '2025-01-10',
    symbol: 'AAA',
    quantity: 10,
    price: 100,
    fees: 1,
    currency: 'USD',
  },
  {
    id: 'tx_0000000002',
    type: 'dividend',
    date: '2025-06-02',
    symbol: 'AAA',
    amount: 8.5,
    taxWithheld: 1.5,
    currency: 'USD',
  },
  {
    id: 'tx_0000000003',
    type: 'sell',
    date: '2025-09-01',
    symbol: 'AAA',
    quantity: 4,
    price: 120,
    fees: 0,
    currency: 'USD',
  },
];

const AAA: SymbolMarket = {
  currency: 'USD',
  price: 130,
  closes: [
    { date: '2025-01-09', close: 100 },
    { date: '2025-06-02', close: 110 },
    { date: '2025-09-01', close: 120 },
  ],
  sector: 'Technology',
  country: 'US',
  verdicts: { aaoifi: 'compliant', sp: 'questionable' },
  nonPermissibleShares: [{ periodEnd: '2024-12-31', share: 0.032 }],
  balanceSheets: [
    {
      date: '2025-06-30',
      reportedCurrency: 'USD',
      cashAndCashEquivalents: 2_000_000,
      netReceivables: 1_000_000,
      inventory: 500_000,
      shortTermInvestments: 500_000,
    },
  ],
  sharesOutstanding: 1_000_000,
};

const input = (): PortfolioSummaryInput => ({
  portfolio: { currency: 'USD', benchmark: '^GSPC', transactions: TRANSACTIONS },
  today: '2025-11-28',
  standard: 'aaoifi',
  market: new Map([['AAA', AAA]]),
  rates: undefined,
  benchmarkCloses: [
    { date: '2024-11-28', close: 5000 },
    { date: '2025-11-28', close: 5500 },
  ],
});

/** The portfolio routes as the server answers them; the summary is core's over the fixture. */
function servePortfolios(shown: PortfolioView, answer?: { status: number; message: string }) {
  const requests: RecordedRequest[] = stubApis({
    user: { email: EMAIL, subscription: null },
    portfolios: {
      portfolios: [shown],
      limits: { tier: 'free', portfolios: 1, holdingsPerPortfolio: 20 },
    },
    extra: {
      [`/api/subscription/portfolios/${ID}`]: (init) => {
        const url = new URL(requests.at(-1)!.url, 'http://localhost');
        const method = init?.method ?? 'GET';
        if (method !== 'GET') {
          if (answer) return jsonResponse({ message: answer.message }, answer.status);
          return jsonResponse({ portfolio: { ...shown, version: shown.version + 1 } });
        }
        if (url.pathname.endsWith('/transactions')) {
          return jsonResponse({ portfolio: shown, transactions: TRANSACTIONS });
        }
        const q = url.searchParams;
        const price = q.get('pricePerGram');
        const summary = portfolioSummary({
          ...input(),
          ...(price
            ? {
                zakat: {
                  settings: {
                    date: q.get('zakatDate')!,
                    year: q.get('zakatYear') as 'lunar' | 'solar',
                    nisabMetal: q.get('nisabMetal') as 'gold' | 'silver',
                    pricePerGram: Number(price),
                    otherWealth: Number(q.get('otherWealth') ?? 0),
                  },
                  methods: Object.fromEntries(
                    (q.get('trading') ?? '')
                      .split(',')
                      .filter(Boolean)
                      .map((s) => [s, 'trading' as const]),
                  ),
                },
              }
            : {}),
        });
        return jsonResponse({ portfolio: shown, summary });
      },
    },
  });
  return requests;
}

beforeEach(() => {
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: EMAIL });
});

afterEach(() => vi.restoreAllMocks());

// The first render loads the lazy dashboard and portfolio chunks.
const section = () => screen.findByRole('region', { name: 'Portfolios' }, { timeout: 15_000 });

describe('/dashboard portfolios', () => {
  it('shows the summary core computes: totals, holdings with their verdict, returns, compliance, purification', async () => {
    servePortfolios(portfolio());
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    const expected = portfolioSummary(input());
    // 6 shares at 130; FIFO cost of the 6 left: 6 × (100 + 1/10).
    expect(expected.totals.marketValue).toBe(780);
    const totals = await within(portfolios).findByTestId('portfolio-totals');
    expect(totals).toHaveTextContent('Market value780.00 USD');
    expect(totals).toHaveTextContent('Cost basis (FIFO)600.60 USD');
    expect(totals).toHaveTextContent('Unrealized gain179.40 USD');
    expect(totals).toHaveTextContent('Realized gain79.60 USD');
    expect(totals).toHaveTextContent('Dividends received8.50 USD');

    const holdings = within(portfolios).getByRole('region', { name: 'Holdings table' });
    const row = within(holdings).getByRole('row', { name: /^AAA/ });
    expect(row).toHaveTextContent('Compliant');
    expect(row).toHaveTextContent('100.00%');

    const returns = within(portfolios).getByRole('region', { name: 'Returns by period' });
    const all = expected.performance as Exclude<typeof expected.performance, { missing: string }>;
    const twr = all.find((p) => p.period === 'ALL')!.timeWeightedReturn!;
    expect(within(returns).getByRole('row', { name: /^ALL/ })).toHaveTextContent(
      `+${(twr * 100).toFixed(2)}%`,
    );
    // The value chart, drawn from the value series, and its text alternative.
    const series = expected.valueSeries as readonly ValuePoint[];
    await waitFor(() => expect(charts.at(-1)?.[0]?.label).toBe('Value (USD)'));
    expect(charts.at(-1)![0]!.data.map((p) => p.y)).toEqual(series.map((p) => p.value));
    expect(within(portfolios).getByText(/The value went from/)).toHaveTextContent(
      /to 780\.00 USD on 2025-11-28/,
    );

    const compliance = within(portfolios).getByRole('region', { name: 'Compliance by standard' });
    expect(within(compliance).getByRole('row', { name: /^AAOIFI \(yours\)/ })).toHaveTextContent(
      'AAOIFI (yours)100.00%0.00%0.00%0.00%',
    );
    expect(within(compliance).getByRole('row', { name: /^S&P Shariah/ })).toHaveTextContent(
      'S&P Shariah0.00%100.00%0.00%0.00%',
    );

    // (8.50 received + 1.50 withheld) × 3.2 % of FY 2024 = 0.32.
    const purification = within(portfolios).getByRole('region', {
      name: 'Purification by dividend',
    });
    expect(
      within(purification).getByRole('row', { name: /AAA 2025-06-02 AAOIFI/ }),
    ).toHaveTextContent('8.50 USD1.50 USD10.00 USD3.20%2024-12-310.32 USD');
  });

  it('estimates zakat with the inputs entered, each shown', async () => {
    const requests = servePortfolios(portfolio());
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    await within(portfolios).findByTestId('portfolio-totals');
    const zakat = within(portfolios).getByRole('region', { name: 'Zakat estimate' });
    await userEvent.click(within(zakat).getByRole('button', { name: 'Estimate zakat' }));
    expect(await within(zakat).findByText('Price per gram is required')).toBeVisible();

    await userEvent.clear(within(zakat).getByLabelText('Date'));
    await userEvent.type(within(zakat).getByLabelText('Date'), '2025-11-27');
    await userEvent.selectOptions(within(zakat).getByLabelText('Nisab metal'), 'silver');
    await userEvent.type(within(zakat).getByLabelText('Price per gram (USD)'), '0.8');
    await userEvent.selectOptions(within(zakat).getByLabelText('AAA'), 'trading');
    await userEvent.click(within(zakat).getByRole('button', { name: 'Estimate zakat' }));

    // 6 shares held for trading at the close of 2025-09-01 (the last on or before the 27th), 120:
    // 720.00 × 2.5 % = 18.00, due above the nisab of 595 g × 0.80 = 476.00.
    const totals = await within(portfolios).findByTestId('zakat-totals');
    expect(totals).toHaveTextContent('Zakat due18.00 USD');
    expect(totals).toHaveTextContent('Nisab595 g of silver × 0.80 = 476.00 USD');
    const summaryCall = requests.filter((r) => r.url.includes('/summary')).at(-1)!;
    expect(new URL(summaryCall.url, 'http://x').search).toBe(
      '?zakatDate=2025-11-27&zakatYear=lunar&nisabMetal=silver&pricePerGram=0.8&otherWealth=0&trading=AAA',
    );
    const byHolding = within(portfolios).getByRole('region', { name: 'Zakat by holding' });
    expect(within(byHolding).getByRole('row', { name: /^AAA/ })).toHaveTextContent(
      'AAAHeld for trading6.00market price 120.00120.00720.00 USD18.00 USD',
    );
  });

  it('adds a transaction at the version shown, its fields checked with the API’s schema', async () => {
    const requests = servePortfolios(portfolio());
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    const form = await within(portfolios).findByRole('region', { name: 'Transactions' });
    await userEvent.click(await within(form).findByText('Enter a transaction'));
    await userEvent.type(within(form).getByLabelText('Symbol'), 'bbb');
    await userEvent.type(within(form).getByLabelText('Price per share'), '12.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await within(form).findByText('Shares is required')).toBeVisible();

    await userEvent.type(within(form).getByLabelText('Shares'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await within(form).findByText('Shares must be greater than 0')).toBeVisible();

    await userEvent.clear(within(form).getByLabelText('Shares'));
    await userEvent.type(within(form).getByLabelText('Shares'), '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.init?.method === 'POST' && r.url.endsWith('/transactions')),
      ).toBe(true),
    );
    const posted = requests.find(
      (r) => r.init?.method === 'POST' && r.url.endsWith('/transactions'),
    )!;
    expect(JSON.parse(String(posted.init?.body))).toEqual({
      version: 4,
      transaction: {
        type: 'buy',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        symbol: 'BBB',
        quantity: 3,
        price: 12.5,
        fees: 0,
        currency: 'USD',
      },
    });
  });

  it('says a change made on a stale read was refused, and offers a reload', async () => {
    servePortfolios(portfolio(), { status: 409, message: STALE_PORTFOLIO_TEXT });
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    const transactions = await within(portfolios).findByRole('region', { name: 'Transactions' });
    await userEvent.click(
      await within(transactions).findByRole('button', {
        name: 'Delete the dividend of 2025-06-02',
      }),
    );
    expect(await within(portfolios).findByRole('alert')).toHaveTextContent(STALE_PORTFOLIO_TEXT);
    await userEvent.click(within(portfolios).getByRole('button', { name: 'Reload the portfolio' }));
    await waitFor(() => expect(within(portfolios).queryByRole('alert')).toBeNull());
  });

  it('marks a read-only portfolio, offers no change but its deletion, and says the plan is full', async () => {
    servePortfolios(portfolio({ readOnly: true }));
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    await within(portfolios).findByText(/kept read-only/);
    expect(
      within(portfolios).getByText(
        'Your plan’s limit of portfolios is 1. Upgrade to Premium for more.',
      ),
    ).toBeVisible();
    expect(within(portfolios).queryByText('Enter a transaction')).toBeNull();
    expect(within(portfolios).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(
      within(portfolios).queryByRole('button', { name: 'Import transactions from a CSV' }),
    ).toBeNull();
    expect(within(portfolios).getByRole('button', { name: 'Delete portfolio' })).toBeVisible();
  });

  it('opens the CSV import of the picked portfolio beside its export', async () => {
    servePortfolios(portfolio());
    renderApp('/dashboard', { signedIn: true });
    const portfolios = await section();
    const open = await within(portfolios).findByRole('button', {
      name: 'Import transactions from a CSV',
    });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(
      await within(portfolios).findByRole('region', {
        name: 'Import transactions from a CSV file',
      }),
    ).toBeVisible();
    expect(open).toHaveAttribute('aria-expanded', 'true');
  });
});
