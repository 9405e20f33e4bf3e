import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayedIndexes } from '@core/market/indexes';
import { jsonResponse as json, renderRoutes, stubFetch } from '../../../testing/test-utils';
import { MarketsHome } from './MarketsHome';
import { sparklinePath } from '../../../components/chart/Sparkline';
import { INDEXES, INTRADAY, MOVERS, SPARK } from '../testing/fixtures';

// The chart belongs to the chart feature (and needs a canvas jsdom lacks): a stand-in with its
// props. It is loaded lazily, so the stand-in also proves the lazy import resolves.
vi.mock('../../../components/chart/PriceChart', () => ({
  PriceChart: (props: { symbol: string; label: string; currency?: string }) => (
    <div data-testid="price-chart">
      {props.symbol} {props.label} {props.currency}
    </div>
  ),
}));

type Answer = () => Response;
let overrides: Record<string, Answer> = {};
let requests: string[] = [];

beforeEach(() => {
  overrides = {};
  requests = [];
  const api = stubFetch({
    '/api/asset/stocks/indexes': () => (overrides.indexes ?? (() => json({ data: INDEXES })))(),
    '/api/asset/stocks/movers': () => (overrides.movers ?? (() => json({ data: [MOVERS] })))(),
    '/api/asset/stocks/chart/': { data: INTRADAY },
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requests.push(String(input).replace('/api/asset', ''));
    return api(input);
  });
});

const renderHome = () =>
  renderRoutes(
    [
      { path: '/home', element: <MarketsHome /> },
      { path: '/stocks/:symbol', element: <p>stock page</p> },
    ],
    '/home',
  );

const indexList = () => screen.getByRole('region', { name: 'Market indexes' });
/** The index cards once the quotes are in (placeholders have no name). */
const cards = async () => {
  await waitFor(() => expect(indexList().querySelector('.index-name')).not.toBeNull());
  return within(indexList()).getAllByRole('listitem');
};
const cardNamed = async (name: string) =>
  (await cards()).find((c) => c.querySelector('.index-name')?.textContent === name)!;

describe('MarketsHome', () => {
  it('has the page heading and the information-only notice', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Markets today' })).toBeInTheDocument();
    expect(screen.getByText('Information only, not investment advice.')).toBeInTheDocument();
    await cards();
  });

  it('shows placeholders, then the ten default indexes in the §3 order', async () => {
    renderHome();
    expect(screen.getByRole('list', { name: 'Loading market indexes' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // The featured quote's place is kept (hidden) until the levels come: the chart stays put.
    const featured = screen.getByRole('region', { name: 'NASDAQ' });
    expect(featured.querySelector('.featured-quote')).toHaveAttribute('aria-hidden', 'true');
    // So is the "Updated" time's, which would wrap the heading anew on a phone.
    expect(indexList().querySelector('.updated-at')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() =>
      expect(featured.querySelector('.featured-quote')).not.toHaveAttribute('aria-hidden'),
    );
    // With its date (a weekend shows Friday's figures), never a bare time.
    expect(indexList().querySelector('.updated-at')).toHaveTextContent(
      /^Updated \d{4}-\d{2}-\d{2} at \d{2}:\d{2} \S+$/,
    );
    const names = (await cards()).map((c) => c.querySelector('.index-name')?.textContent);
    // The API answers in another order (fixtures): the page keeps core's display order.
    expect(names).toEqual(displayedIndexes(INDEXES, false).map((i) => i.name));
    expect(names).toHaveLength(10);
    const nasdaq = await cardNamed('NASDAQ');
    const level = INDEXES.find((i) => i.symbol === '^IXIC')!.quote!.price;
    expect(nasdaq.querySelector('.index-level')).toHaveTextContent(
      level.toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    expect(nasdaq.querySelector('.market-status')).toHaveTextContent('Market Open');
    expect((await cardNamed('DAX')).querySelector('.market-status')).toHaveTextContent(
      'Market Closed',
    );
  });

  it('shows TASI too with All markets, and hides it again', async () => {
    const user = userEvent.setup();
    renderHome();
    await cards();
    const toggle = screen.getByRole('button', { name: 'All markets' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const all = await cards();
    expect(all).toHaveLength(11);
    expect(all.at(-1)).toHaveTextContent('TASI');
    await user.click(toggle);
    expect(await cards()).toHaveLength(10);
  });

  it('says why an index has no quote (outside the data plan, or none), with no level and nothing to feature', async () => {
    const without = INDEXES.map((i) =>
      i.symbol === '^N225'
        ? { ...i, quote: null, unavailable: 'not-covered' }
        : i.symbol === '000001.SS'
          ? { ...i, quote: null, unavailable: 'no-quote' }
          : i,
    );
    overrides.indexes = () => json({ data: without });
    renderHome();
    const nikkei = await cardNamed('Nikkei 225');
    expect(nikkei).toHaveTextContent('Not covered by the data plan');
    expect(nikkei.querySelector('.index-level')).toBeNull();
    expect(within(nikkei).queryByRole('button')).toBeNull();
    expect(await cardNamed('SSE')).toHaveTextContent('No quote available');
    // The covered cards are as before.
    expect((await cardNamed('DAX')).querySelector('.index-level')).not.toBeNull();
  });

  it('signs every change in the text and colours it as a second cue', async () => {
    renderHome();
    const up = (await cardNamed('NASDAQ')).querySelector('.change-text')!;
    expect(up).toHaveClass('up');
    expect(up.textContent).toMatch(/^▲ Up \+123\.45 \(\+\d+\.\d\d%\)$/);
    const down = (await cardNamed('DAX')).querySelector('.change-text')!;
    expect(down).toHaveClass('down');
    expect(down.textContent).toMatch(/^▼ Down -[\d,]+\.\d\d \(-\d+\.\d\d%\)$/);
    const flat = (await cardNamed('S&P 500')).querySelector('.change-text')!;
    expect(flat).toHaveClass('flat');
    expect(flat.textContent).toBe('■ Unchanged 0.00 (0.00%)');
    // The arrow only repeats the sign: screen readers skip it and hear a word.
    expect(up.querySelector('[aria-hidden="true"]')).toHaveTextContent('▲');
    expect(up.querySelector('.visually-hidden')).toHaveTextContent('Up');
    // The sparkline takes the same direction: the unchanged index's is neither green nor red.
    await waitFor(() => expect(indexList().querySelectorAll('svg.sparkline')).toHaveLength(10));
    expect((await cardNamed('S&P 500')).querySelector('svg.sparkline')).toHaveClass('flat');
    expect((await cardNamed('DAX')).querySelector('svg.sparkline')).toHaveClass('down');
  });

  it('draws each card’s sparkline from its index entry, with no chart read for the cards', async () => {
    overrides = {
      indexes: () =>
        json({
          data: INDEXES.map((i) =>
            i.symbol === '^N225' ? { ...i, spark: { minutes: [], closes: [] } } : i,
          ),
        }),
    };
    renderHome();
    await cards();
    // The line keeps the session's time spacing: the lunch break (2 → 150 min) is a gap.
    const line = (await cardNamed('DAX')).querySelector('svg.sparkline path');
    expect(line).toHaveAttribute('d', sparklinePath(SPARK.closes, SPARK.minutes, 150, 36));
    expect(line?.getAttribute('d')).toMatch(/^M0\.0 \S+ L1\.0 \S+ L2\.0 \S+ L150\.0 /);
    // An index with no session to show (its entry's line is empty) draws none.
    expect((await cardNamed('Nikkei 225')).querySelector('svg.sparkline')).toBeNull();
    expect(indexList().querySelectorAll('svg.sparkline')).toHaveLength(9);
    // The quotes carried the lines: no card read a chart (the featured chart is a stand-in here).
    expect(requests.filter((r) => r.startsWith('/stocks/chart/'))).toEqual([]);
  });

  it('features ^IXIC by default and the index whose card is pressed', async () => {
    const user = userEvent.setup();
    renderHome();
    const featured = screen.getByRole('region', { name: 'NASDAQ' });
    expect(await within(featured).findByTestId('price-chart')).toHaveTextContent(
      '^IXIC NASDAQ USD',
    );
    expect(within(await cardNamed('NASDAQ')).getByRole('button')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(await cardNamed('DAX')).getByRole('button'));
    const dax = screen.getByRole('region', { name: 'DAX' });
    expect(within(dax).getByTestId('price-chart')).toHaveTextContent('^GDAXI DAX EUR');
    expect(within(await cardNamed('DAX')).getByRole('button')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(await cardNamed('NASDAQ')).getByRole('button')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('lists gainers, losers and most active as tables whose rows link to the stock pages', async () => {
    const user = userEvent.setup();
    renderHome();
    const movers = screen.getByRole('region', { name: 'Today’s movers' });
    expect(within(movers).getByRole('status')).toHaveAttribute('aria-busy', 'true');
    const gainers = await within(movers).findByRole('table', { name: 'Top gainers' });
    const losers = within(movers).getByRole('table', { name: 'Top losers' });
    const active = within(movers).getByRole('table', { name: 'Most active' });
    expect(
      within(movers)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Top gainers', 'Top losers', 'Most active']);
    const [header, first] = within(gainers).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Stock', 'Price', 'Change', 'Volume']);
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/stocks/UPP');
    expect(first).toHaveTextContent('100.00 USD');
    expect(first).toHaveTextContent('+9.87%');
    expect(first).toHaveTextContent('1.23M');
    // The most active show the traded value they are ranked on, and its dollars when foreign.
    const [activeHeader, activeFirst] = within(active).getAllByRole('row');
    expect(within(activeHeader!).getAllByRole('columnheader').at(-1)).toHaveTextContent(
      'Traded value',
    );
    expect(activeFirst).toHaveTextContent('9.88B GBP ≈ $12.50B');
    // A price below one unit keeps its decimals (not 0.30).
    expect(activeFirst).toHaveTextContent('0.2986 GBP');
    expect(within(losers).getAllByRole('row')[1]).toHaveTextContent('-7.25%');
    expect(within(losers).getAllByRole('row')[1]!.querySelector('.change-text')).toHaveClass(
      'down',
    );
    // Symbols with a dot are encoded into the path as the stock page expects.
    const big = within(active).getByRole('link', { name: /BIG\.L/ });
    expect(big).toHaveAttribute('href', '/stocks/BIG.L');
    expect(active.closest('.movers')).toHaveTextContent('By traded value');
    await user.click(big);
    expect(await screen.findByText('stock page')).toBeInTheDocument();
  });

  it('asks for the movers with a limit', async () => {
    renderHome();
    await screen.findByRole('table', { name: 'Top gainers' });
    expect(requests).toContain('/stocks/movers?limit=8');
  });

  it('shows an error with Retry per section and recovers on Retry', async () => {
    const user = userEvent.setup();
    let failIndexes = true;
    let failMovers = true;
    overrides = {
      indexes: () => (failIndexes ? json({ message: 'boom' }, 500) : json({ data: INDEXES })),
      movers: () => (failMovers ? json({ message: 'boom' }, 503) : json({ data: [MOVERS] })),
    };
    renderHome();
    const indexes = indexList();
    const movers = screen.getByRole('region', { name: 'Today’s movers' });
    expect(await within(indexes).findByRole('alert')).toHaveTextContent(
      'We could not load the market indexes.',
    );
    expect(await within(movers).findByRole('alert')).toHaveTextContent(
      'We could not load the movers.',
    );
    // One failing section leaves the rest: the featured chart is still there.
    expect(await screen.findByTestId('price-chart')).toBeInTheDocument();

    failIndexes = false;
    await user.click(within(indexes).getByRole('button', { name: 'Retry' }));
    expect(await cards()).toHaveLength(10);
    expect(within(movers).getByRole('alert')).toBeInTheDocument();

    failMovers = false;
    await user.click(within(movers).getByRole('button', { name: 'Retry' }));
    expect(await within(movers).findByRole('table', { name: 'Top gainers' })).toBeInTheDocument();
    expect(within(movers).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when a movers list is empty', async () => {
    overrides = {
      movers: () => json({ data: [{ gainers: [], losers: [], mostActive: [] }] }),
    };
    renderHome();
    expect(await screen.findAllByText('No stocks to list right now.')).toHaveLength(3);
  });
});

describe('home refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('asks for indexes and movers again each minute, and not while the tab is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderHome();
    await screen.findByRole('table', { name: 'Top gainers' });
    await cards();
    const asked = () =>
      requests.filter((r) => r.startsWith('/stocks/indexes') || r.startsWith('/stocks/movers'))
        .length;
    expect(asked()).toBe(2);
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(asked()).toBe(2);
    await act(async () => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(asked()).toBe(4));

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    await act(async () => vi.advanceTimersByTime(180_000));
    expect(asked()).toBe(4);
  });
});
