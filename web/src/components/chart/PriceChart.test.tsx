import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEFRAMES } from '@core/market/timeframes';
import type { PriceBar } from '@core/market/types';
import { renderWithProviders, stubFetch } from '../../testing/test-utils';
import type { ChartCanvasProps } from './ChartCanvas';
import { PriceChart } from './PriceChart';
import { syntheticDailyBars } from './synthetic-bars';

// chart.js cannot draw in jsdom: the lazily loaded canvas is replaced by its props.
vi.mock('./ChartCanvas', () => ({
  default: (props: ChartCanvasProps) => (
    <div
      data-testid="price-chart"
      data-bars={props.points.length}
      data-mode={props.mode}
      data-timeframe={props.timeframe}
      data-compare={props.compareLabel ?? ''}
      data-compare-bars={props.comparePoints?.length ?? 0}
    />
  ),
}));

const pad = (n: number) => String(n).padStart(2, '0');
/** API bars (newest first) from synthetic points. */
const apiBars = (count: number, seed = 1): PriceBar[] =>
  syntheticDailyBars(count, new Date(2025, 0, 6), seed)
    .map((p) => {
      const d = new Date(p.x);
      const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      return { date, open: p.o, high: p.h, low: p.l, close: p.c, volume: p.v };
    })
    .reverse();

const CHART = '/api/asset/stocks/chart/ACME';
let requests: string[] = [];

function serve(routes: Parameters<typeof stubFetch>[0]) {
  requests = [];
  const fetch = stubFetch(routes);
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requests.push(String(input));
    return fetch(input);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('PriceChart', () => {
  it('shows a skeleton, then the 1D chart with its timeframe toolbar', async () => {
    serve({ [`${CHART}?`]: { data: apiBars(30) }, [`${CHART}/months-years`]: { data: [] } });
    renderWithProviders(<PriceChart symbol="ACME" currency="USD" />);
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    const group = screen.getByRole('radiogroup', { name: 'Timeframe' });
    const radios = screen.getAllByRole('radio').filter((r) => group.contains(r));
    expect(radios.map((r) => r.textContent)).toEqual([...TIMEFRAMES]);
    expect(screen.getByRole('radio', { name: '1D' })).toHaveAttribute('aria-checked', 'true');
    const chart = await screen.findByTestId('price-chart');
    expect(chart).toHaveAttribute('data-bars', '30');
    expect(chart).toHaveAttribute('data-timeframe', '1D');
    expect(requests[0]).toMatch(
      /^\/api\/asset\/stocks\/chart\/ACME\?day=1min&from=\d{4}-\d\d-\d\d$/,
    );
  });

  it("holds the change figure's place in the toolbar while the bars load, hidden from everyone", async () => {
    serve({ [`${CHART}?`]: () => new Promise<Response>(() => {}) });
    const { container } = renderWithProviders(<PriceChart symbol="ACME" />);
    await screen.findByRole('status');
    const slot = container.querySelector('.chart-toolbar > .chart-change');
    expect(slot).toHaveClass('pending');
    expect(slot).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows 1D's day change against the previous session's close, as the quote header does", async () => {
    const minute = (time: string, close: number): PriceBar => ({
      date: `2026-11-26 ${time}`,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
    const day = (date: string, close: number): PriceBar => ({
      date,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
    });
    serve({
      // The session opened above yesterday's close: first-to-last is −0.02, the day +0.45.
      [`${CHART}?`]: { data: [minute('15:59:00', 100.45), minute('09:31:00', 100.47)] },
      [`${CHART}/months-years`]: {
        data: [day('2026-11-26', 100.45), day('2026-11-25', 100), day('2026-11-24', 97)],
      },
    });
    renderWithProviders(<PriceChart symbol="ACME" />);
    await screen.findByTestId('price-chart');
    const figure = await screen.findByText(/\+0\.45 \(\+0\.45%\)/);
    expect(figure.closest('.chart-change')).toHaveTextContent('1D');
    expect(requests.some((url) => url.startsWith(`${CHART}/months-years?from=2026-11-12`))).toBe(
      true,
    );
    // Another range keeps first to last.
    await userEvent.click(screen.getByRole('radio', { name: '5D' }));
    expect(await screen.findByText(/−0\.02|-0\.02/)).toBeInTheDocument();
  });

  it('reads daily bars for the long timeframes, by click or arrow keys', async () => {
    serve({
      [`${CHART}/months-years`]: { data: apiBars(300) },
      [`${CHART}?`]: { data: apiBars(5) },
    });
    renderWithProviders(<PriceChart symbol="ACME" />);
    await screen.findByTestId('price-chart');
    await userEvent.click(screen.getByRole('radio', { name: 'ALL' }));
    await waitFor(() =>
      expect(screen.getByTestId('price-chart')).toHaveAttribute('data-timeframe', 'ALL'),
    );
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-bars', '300');
    expect(requests.at(-1)).toMatch(/\/stocks\/chart\/ACME\/months-years\?from=\d{4}-/);
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '5Y' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByTestId('price-chart')).toHaveAttribute('data-timeframe', '5Y'),
    );
  });

  it('switches between line, candles and OHLC', async () => {
    serve({ [`${CHART}?`]: { data: apiBars(30) } });
    renderWithProviders(<PriceChart symbol="ACME" />);
    const chart = await screen.findByTestId('price-chart');
    expect(chart).toHaveAttribute('data-mode', 'line');
    await userEvent.click(screen.getByRole('radio', { name: 'Candles' }));
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-mode', 'candles');
    await userEvent.click(screen.getByRole('radio', { name: 'OHLC' }));
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-mode', 'ohlc');
  });

  it('says when the period has no bars', async () => {
    serve({ [`${CHART}?`]: { data: [] } });
    renderWithProviders(<PriceChart symbol="ACME" />);
    await screen.findByText('No price data for this period');
    expect(screen.queryByTestId('price-chart')).not.toBeInTheDocument();
  });

  it('says a listing without any prices has no price history yet', async () => {
    serve({ [`${CHART}?`]: { data: [] } });
    renderWithProviders(<PriceChart symbol="ACME" priced={false} />);
    await screen.findByText('There is no price history for this stock yet.');
    expect(screen.queryByText('No price data for this period')).not.toBeInTheDocument();
  });

  it('offers Retry when the bars cannot be loaded', async () => {
    let fail = true;
    serve({
      [`${CHART}?`]: () =>
        fail
          ? new Response(JSON.stringify({ message: 'boom' }), { status: 500 })
          : new Response(JSON.stringify({ data: apiBars(12) }), { status: 200 }),
    });
    renderWithProviders(<PriceChart symbol="ACME" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The chart could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('price-chart')).toHaveAttribute('data-bars', '12');
  });

  it('compares with an index as % lines (candles then unavailable)', async () => {
    serve({
      [`${CHART}?`]: { data: apiBars(30) },
      '/api/asset/stocks/chart/%5EGSPC?': { data: apiBars(40, 9) },
    });
    renderWithProviders(<PriceChart symbol="ACME" compareOptions />);
    await screen.findByTestId('price-chart');
    await userEvent.click(screen.getByRole('radio', { name: 'Candles' }));
    const select = screen.getByRole('combobox', { name: 'Compare with' });
    expect(select.querySelectorAll('option')).toHaveLength(12); // none + the 11 §3 indexes
    await userEvent.selectOptions(select, '^GSPC');
    await waitFor(() =>
      expect(screen.getByTestId('price-chart')).toHaveAttribute('data-compare', 'S&P 500'),
    );
    const chart = screen.getByTestId('price-chart');
    expect(chart).toHaveAttribute('data-compare-bars', '40');
    expect(chart).toHaveAttribute('data-mode', 'line');
    expect(screen.getByRole('radio', { name: 'Candles' })).toBeDisabled();
    expect(requests).toContainEqual(
      expect.stringMatching(/^\/api\/asset\/stocks\/chart\/%5EGSPC\?day=1min/),
    );
    // Clearing the comparison brings the chosen candles back.
    await userEvent.selectOptions(select, '');
    await waitFor(() =>
      expect(screen.getByTestId('price-chart')).toHaveAttribute('data-mode', 'candles'),
    );
  });

  it('keeps the stock chart and offers Retry when the index cannot be loaded', async () => {
    serve({ [`${CHART}?`]: { data: apiBars(30) } });
    renderWithProviders(<PriceChart symbol="ACME" compareOptions />);
    await screen.findByTestId('price-chart');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Compare with' }), '^IXIC');
    await screen.findByText(/NASDAQ could not be loaded/);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByTestId('price-chart')).toHaveAttribute('data-compare', '');
  });

  it('does not offer to compare an index with itself', () => {
    serve({});
    renderWithProviders(<PriceChart symbol="^IXIC" compareOptions />);
    const values = [...screen.getByRole('combobox').querySelectorAll('option')].map((o) => o.value);
    expect(values).not.toContain('^IXIC');
    expect(values).toContain('^GSPC');
  });
});
