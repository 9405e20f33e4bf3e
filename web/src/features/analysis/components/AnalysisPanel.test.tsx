import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_METRICS_TTM_FIELDS, RATIOS_TTM_FIELDS } from '@core/market/ratios';
import { SHARIAH_STANDARDS, type ShariahVerdict } from '@core/market/shariah';
import { limitReachedText } from '@core/subscription';
import * as amplify from '../../../testing/amplify-mock';
import { renderWithAuth } from '../../../testing/render-with-auth';
import { stubApis, type RecordedRequest } from '../../../testing/render-app';
import { activeSubscription } from '../../../testing/subscription';
import { jsonResponse } from '../../../testing/test-utils';
import type { StockPicker } from '../../../components/stock-picker';
import { COMPARE_STATEMENTS_LIMIT } from '../api/compare-queries';
import { AnalysisPanel, COMPARED_STOCKS_WHAT } from './AnalysisPanel';
import { GROWTH_STATEMENTS_NEEDED } from '@core/market/growth';

vi.mock('aws-amplify', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/auth', () => import('../../../testing/amplify-mock'));
vi.mock('aws-amplify/utils', () => import('../../../testing/amplify-mock'));

// chart.js cannot draw in jsdom: the stand-in records the datasets it is given.
const { FakeChart, charts } = await vi.hoisted(() => import('../../../testing/fake-chart'));
vi.mock('../../../components/chart/register-chart', () => ({ Chart: FakeChart }));

const TODAY = new Date('2026-11-26T12:00:00Z');
const nulls = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, null]));

/** Per symbol: closes on three days, P/E, ROE, revenue by year (newest first), EPS, a verdict. */
const STOCKS: Record<
  string,
  { closes: number[]; pe: number | null; roe: number; revenue: number[]; verdict: ShariahVerdict }
> = {
  AAA: {
    closes: [10, 11, 12],
    pe: 20,
    roe: 0.1,
    revenue: [133.1, 121, 110, 100],
    verdict: 'compliant',
  },
  BBB: {
    closes: [50, 40, 45],
    pe: -5,
    roe: 0.3,
    revenue: [90, 100, 50, 0],
    verdict: 'non-compliant',
  },
  CCC: { closes: [5, 5, 6], pe: 12, roe: 0.3, revenue: [100, 100, 100], verdict: 'questionable' },
  '^GSPC': { closes: [4000, 4200, 4400], pe: null, roe: 0, revenue: [], verdict: 'compliant' },
};
const DAYS = ['2026-11-24', '2026-06-01', '2026-01-05'];

const symbolOf = (url: URL) => decodeURIComponent(url.pathname.split('/')[5]!);
const answer = (read: (stock: (typeof STOCKS)[string], symbol: string) => unknown) => () => {
  const url = new URL(requests.at(-1)!.url, 'http://localhost');
  const symbol = symbolOf(url);
  const stock = STOCKS[symbol];
  return stock ? jsonResponse({ data: [read(stock, symbol)].flat() }) : jsonResponse({}, 404);
};

let requests: RecordedRequest[];
let failRatios = false;

function setUp(search: string, subscription: unknown = activeSubscription()) {
  requests = stubApis({
    user: { email: 'an@example.com', subscription },
    extra: {
      '/api/asset/stocks/chart': answer((s) =>
        DAYS.map((date, i) => ({
          date,
          open: 1,
          high: 1,
          low: 1,
          close: s.closes[2 - i],
          volume: 1,
        })),
      ),
      '/api/asset/stocks/ratios-ttm': () =>
        failRatios
          ? jsonResponse({ message: 'down' }, 500)
          : answer((s, symbol) => ({
              ...nulls(RATIOS_TTM_FIELDS),
              symbol,
              peRatioTTM: s.pe,
              returnOnEquityTTM: s.roe,
            }))(),
      '/api/asset/stocks/key-metrics-ttm': answer((_, symbol) => ({
        ...nulls(KEY_METRICS_TTM_FIELDS),
        symbol,
      })),
      '/api/asset/stocks/statement': answer((s, symbol) =>
        s.revenue.map((revenue, i) => ({
          symbol,
          period: 'FY',
          calendarYear: String(2025 - i),
          date: `${2025 - i}-12-31`,
          revenue,
          eps: 1,
        })),
      ),
      '/api/asset/stocks/shariah': answer((s, symbol) => ({
        symbol,
        overall: s.verdict,
        asOf: '2026-09-30',
        results: SHARIAH_STANDARDS.map((standard) => ({ standard, verdict: s.verdict })),
      })),
    },
  });
  // The site's search box is app/'s; a button stands in for it.
  const picker: StockPicker = ({ label, onPick }) => (
    <button type="button" onClick={() => onPick('CCC')}>
      {label}
    </button>
  );
  return renderWithAuth(<AnalysisPanel stockPicker={picker} />, {
    path: `/analysis${search}`,
    signedIn: true,
  });
}

const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('row', { name: new RegExp(`^${name.replace(/[/^]/g, '\\$&')}`) });
const cells = (table: HTMLElement, name: string) =>
  within(row(table, name))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(() => {
  vi.useFakeTimers({ now: TODAY, toFake: ['Date'] });
  amplify.resetAmplifyMock();
  amplify.signedInAs({ email: 'an@example.com' });
  localStorage.clear();
  charts.length = 0;
  failRatios = false;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AnalysisPanel', () => {
  it('reads the statements the growth table needs with the stock page’s own request', () => {
    expect(COMPARE_STATEMENTS_LIMIT).toBeGreaterThanOrEqual(GROWTH_STATEMENTS_NEEDED);
  });

  it('compares the stocks of the address: performance, ratios with the best marked, growth, Shariah', async () => {
    setUp('?symbols=AAA,BBB,CCC&range=1Y&benchmark=^GSPC');
    const summary = await screen.findByRole('table', { name: /^Rebased to 100 on 2026-01-05/ });
    expect(cells(summary, 'AAA')).toEqual(['120.00', '+20.00%']);
    expect(cells(summary, 'BBB')).toEqual(['90.00', '-10.00%']);
    expect(cells(summary, 'CCC')).toEqual(['120.00', '+20.00%']);
    expect(cells(summary, 'S&P 500')).toEqual(['110.00', '+10.00%']);
    await waitFor(() =>
      expect(charts.at(-1)?.map((d) => d.label)).toEqual(['AAA', 'BBB', 'CCC', 'S&P 500']),
    );
    expect(charts.at(-1)![0]!.data.map((p) => p.y)).toEqual([100, 110.00000000000001, 120]);
    expect(screen.getByRole('img', { name: /^Performance chart, 1Y/ })).toHaveAttribute(
      'data-series',
      '4',
    );

    const ratios = await screen.findByRole('table', { name: /^Trailing twelve months/ });
    // P/E: the lowest positive wins (BBB's negative P/E is a loss, not a bargain).
    expect(cells(ratios, 'P/E')).toEqual(['20.00', '-5.00', '12.00 ★ (best)']);
    expect(within(row(ratios, 'P/E')).getByRole('cell', { name: /best/ })).toHaveClass('best');
    // A tie shares the mark.
    expect(cells(ratios, 'Return on equity')).toEqual([
      '10.00%',
      '30.00% ★ (best)',
      '30.00% ★ (best)',
    ]);

    const growth = await screen.findByRole('table', { name: /^Compound annual growth/ });
    expect(cells(growth, 'Revenue, 1-year CAGR')).toEqual(['+10.00% ★ (best)', '-10.00%', '0.00%']);
    // BBB's revenue three years back is 0: no rate; CCC has no statement of that year.
    expect(cells(growth, 'Revenue, 3-year CAGR')).toEqual(['+10.00%', '—', '—']);

    const shariah = await screen.findByRole('table', { name: 'Verdict by standard' });
    expect(cells(shariah, 'Overall')).toEqual(['Compliant', 'Non-compliant', 'Questionable']);
    expect(cells(shariah, 'AAOIFI')).toEqual(['Compliant', 'Non-compliant', 'Questionable']);
  });

  it('compares the others when a symbol of the address has no data', async () => {
    setUp('?symbols=AAA,ZZZ');
    const summary = await screen.findByRole('table', { name: /^Rebased to 100 on 2026-01-05/ });
    expect(cells(summary, 'AAA')).toEqual(['120.00', '+20.00%']);
    expect(cells(summary, 'ZZZ')).toEqual(['—', '—']);
    const ratios = await screen.findByRole('table', { name: /^Trailing twelve months/ });
    expect(cells(ratios, 'P/E')).toEqual(['20.00', '—']);
  });

  it('adds a picked stock, changes the range and benchmark, all in the address', async () => {
    const user = userEvent.setup();
    const { router } = setUp('?symbols=AAA,BBB');
    await user.click(await screen.findByRole('button', { name: 'Add a stock to compare' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?symbols=AAA,BBB,CCC&range=1Y&benchmark=^GSPC'),
    );
    await screen.findAllByRole('columnheader', { name: 'CCC' });
    await user.click(screen.getByRole('radio', { name: 'YTD' }));
    await user.selectOptions(screen.getByLabelText('Benchmark'), 'None');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?symbols=AAA,BBB,CCC&range=YTD&benchmark='),
    );
    await waitFor(() => expect(charts.at(-1)?.map((d) => d.label)).toEqual(['AAA', 'BBB', 'CCC']));
    await user.click(screen.getByRole('button', { name: 'Remove BBB' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?symbols=AAA,CCC&range=YTD&benchmark='),
    );
  });

  it('tells a Free user the limit at the plan’s number of stocks, and shows only that many', async () => {
    setUp('?symbols=AAA,BBB,CCC', null);
    expect(
      await screen.findByText(limitReachedText(COMPARED_STOCKS_WHAT, 2, 'free'), { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a stock to compare' })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Compared stocks' }))
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['AAA', 'BBB']);
  });

  it('shows a failed section with Retry, the others carry on', async () => {
    const user = userEvent.setup();
    failRatios = true;
    setUp('?symbols=AAA,BBB');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the ratios.');
    await screen.findByRole('table', { name: 'Verdict by standard' });
    failRatios = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: /^Trailing twelve months/ });
  });

  it('invites a pick when nothing is compared yet', async () => {
    setUp('');
    expect(await screen.findByText(/^Pick up to 6 stocks/)).toBeInTheDocument();
    expect(requests.some((r) => r.url.includes('/stocks/chart'))).toBe(false);
  });
});
