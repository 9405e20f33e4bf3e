import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchIndex } from '@core/search';
import { encodeStockList, type StockListEntry } from '@core/stock-list';
import { renderRoutes, stubFetch } from '../../../testing/test-utils';
import { SearchBox } from './SearchBox';

// Counts index builds (once per downloaded list); the index itself is core's.
vi.mock(import('@core/search'), async (importOriginal) => {
  const core = await importOriginal();
  return { ...core, createSearchIndex: vi.fn(core.createSearchIndex) };
});

const STOCKS: StockListEntry[] = [
  { symbol: 'ACME', name: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' },
  { symbol: 'BRIT.L', name: 'Britwell plc', exchangeShortName: 'LSE' },
  ...Array.from({ length: 12 }, (_, i) => ({
    symbol: `ZED${i}`,
    name: `Zedland Mining ${i}`,
    exchangeShortName: 'NYSE',
  })),
];

const answer = (stocks: StockListEntry[]) =>
  new Response(JSON.stringify({ data: [encodeStockList(stocks)] }), { status: 200 });

let listResponse: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

function renderBox() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <SearchBox />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/stocks/:symbol', element: <p>stock page</p> },
        ],
      },
    ],
    '/',
  );
}

const box = () => screen.getByRole('combobox', { name: 'Search stocks' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
/** The listbox the combobox controls (also while it is hidden). */
const listbox = () => document.getElementById(box().getAttribute('aria-controls')!)!;
const options = () => screen.queryAllByRole('option');
const status = () => screen.getByRole('status');
const key = (name: string) => fireEvent.keyDown(box(), { key: name });

/** Renders, focuses and waits for the list; timers are fake from then on (debounce, blur). */
async function openBox(stocks = STOCKS) {
  listResponse = () => answer(stocks);
  const rendered = renderBox();
  fireEvent.focus(box());
  await screen.findByText(/stocks available/);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return rendered;
}

/** Types and lets the 300 ms debounce settle. */
function search(text: string) {
  type(text);
  act(() => vi.advanceTimersByTime(300));
}

/** Lets react-router finish a navigation started by a pick. */
const settle = () => act(async () => {});

beforeEach(() => {
  listResponse = () => answer(STOCKS);
  fetchMock = vi.fn(stubFetch({ '/api/asset/stocks/list': () => listResponse() }));
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(createSearchIndex).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search box texts (SPEC §2 Search box)', () => {
  it("shows the placeholder 'Search symbols or companies'", () => {
    renderBox();
    expect(box()).toHaveAttribute('placeholder', 'Search symbols or companies');
  });

  it('opens the stock typed and entered before the list arrived, once it arrives', async () => {
    let arrive: (response: Response) => void = () => {};
    listResponse = () => new Promise<Response>((resolve) => (arrive = resolve));
    const { router } = renderBox();
    fireEvent.focus(box());
    expect(status()).toHaveTextContent(/^Loading stocks\.\.\.$/);
    type(STOCKS[0]!.symbol);
    key('Enter');
    await settle();
    expect(router.state.location.pathname).toBe('/');
    arrive(answer(STOCKS));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/stocks/${STOCKS[0]!.symbol}`),
    );
    expect(box()).toHaveValue('');
  });

  it("says 'Loading stocks...' while the list loads", () => {
    listResponse = () => new Promise<Response>(() => {});
    renderBox();
    fireEvent.focus(box());
    expect(status()).toHaveTextContent(/^Loading stocks\.\.\.$/);
  });

  it("says '{n} stocks available - start typing to search' when focused and empty", async () => {
    renderBox();
    fireEvent.focus(box());
    expect(
      await screen.findByText('14 stocks available - start typing to search'),
    ).toBeInTheDocument();
  });

  it('prints the count with thousands separators', async () => {
    const many = Array.from({ length: 1_234 }, (_, i) => ({
      symbol: `Q${i}`,
      name: `Quill ${i}`,
      exchangeShortName: 'NYSE',
    }));
    await openBox(many);
    expect(status()).toHaveTextContent('1,234 stocks available - start typing to search');
  });

  it("says 'No matches found for \"{term}\"' and 'Try adjusting your search term'", async () => {
    await openBox();
    search('  qqq ');
    expect(status()).toHaveTextContent(/^No matches found for "qqq"$/);
    expect(screen.getByText('Try adjusting your search term')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it("says 'Showing 10 of {n} results' above 10 results, and nothing visible up to 10", async () => {
    await openBox();
    search('zedland');
    expect(screen.getByText('Showing 10 of 12 results')).toBeVisible();
    search('zed1'); // ZED1, ZED10, ZED11
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    // Screen readers still hear the count (the line is visually hidden).
    expect(status()).toHaveTextContent('3 results');
    expect(status()).toHaveClass('visually-hidden');
  });

  it('brings the stock count back at once when the box is cleared', async () => {
    await openBox();
    search('zed');
    type('');
    expect(status()).toHaveTextContent('14 stocks available - start typing to search');
  });

  it('waits again for a term typed after clearing, showing no earlier results', async () => {
    await openBox();
    search('zed');
    type('');
    type('acme');
    act(() => vi.advanceTimersByTime(299));
    expect(options()).toHaveLength(0);
    expect(status()).toHaveTextContent('14 stocks available - start typing to search');
    act(() => vi.advanceTimersByTime(1));
    expect(options().map((o) => o.textContent)).toEqual(['ACMEAcme Robotics Inc.NASDAQ']);
  });

  it('shows symbol, name and exchange on each row', async () => {
    await openBox();
    search('brit');
    const [row] = options();
    expect(within(row!).getByText('BRIT.L')).toBeInTheDocument();
    expect(within(row!).getByText('Britwell plc')).toBeInTheDocument();
    expect(within(row!).getByText('LSE')).toBeInTheDocument();
  });

  it('reports a list that could not be loaded, with a retry', async () => {
    listResponse = () => new Response('{"message":"down"}', { status: 503 });
    renderBox();
    fireEvent.focus(box());
    expect(await screen.findByText('The stock list could not be loaded.')).toBeInTheDocument();
    listResponse = () => answer(STOCKS);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/14 stocks available/)).toBeInTheDocument();
  });
});

describe('search box list (SPEC §2, §9: at most 10 rows of 48 px)', () => {
  it('lists the best 10 matches in rows of 48 px, and says how many there are', async () => {
    await openBox();
    search('zedland');
    const rows = options();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toHaveStyle({ height: '48px' });
    expect(rows.map((row) => within(row).getByText(/^ZED/).textContent)).toEqual([
      'ZED0',
      'ZED1',
      'ZED2',
      'ZED3',
      'ZED4',
      'ZED5',
      'ZED6',
      'ZED7',
      'ZED8',
      'ZED9',
    ]);
    expect(status()).toHaveTextContent('Showing 10 of 12 results');
  });

  it('lists fewer rows when there are fewer than 10 results', async () => {
    await openBox();
    search('zed1');
    expect(options()).toHaveLength(3);
  });

  it('keeps to 10 rows for thousands of matches', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({
      symbol: `ZED${i}`,
      name: `Zedland Mining ${i}`,
      exchangeShortName: 'NYSE',
    }));
    await openBox(many);
    search('zedland');
    expect(status()).toHaveTextContent('Showing 10 of 5,000 results');
    expect(options()).toHaveLength(10);
  });

  it('builds the index once per list, not per keystroke', async () => {
    await openBox();
    for (const text of ['z', 'ze', 'zed', 'zedl', 'a', '']) search(text);
    expect(createSearchIndex).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/asset/stocks/list?all=true');
  });

  it('loads the list only once the visitor shows interest', async () => {
    renderBox();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.pointerEnter(box());
    await screen.findByRole('combobox');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });
});

describe('search box timing (SPEC §9)', () => {
  it('searches 300 ms after the last keystroke', async () => {
    await openBox();
    type('acm');
    act(() => vi.advanceTimersByTime(200));
    type('acme');
    act(() => vi.advanceTimersByTime(299));
    expect(options()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('option', { name: /ACME/ })).toBeInTheDocument();
  });

  it('closes about 150 ms after blur, not at once', async () => {
    await openBox();
    search('zed');
    fireEvent.blur(box());
    act(() => vi.advanceTimersByTime(140));
    expect(screen.getByText('Showing 10 of 12 results')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets a click on an option land although the box blurred first', async () => {
    const { router } = await openBox();
    search('acme');
    const option = screen.getByRole('option', { name: /ACME/ });
    // The press keeps the focus in the box; were it to blur, the click still comes within 150 ms.
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.blur(box());
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(option);
    await settle();
    expect(router.state.location.pathname).toBe('/stocks/ACME');
  });

  it('stays open when the focus comes back before the delay', async () => {
    await openBox();
    search('zed');
    fireEvent.blur(box());
    act(() => vi.advanceTimersByTime(100));
    fireEvent.focus(box());
    act(() => vi.advanceTimersByTime(200));
    expect(box()).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('search box picking and keys (SPEC §2)', () => {
  it('a click opens /stocks/{symbol} and clears the text', async () => {
    const { router } = await openBox();
    search('acme');
    fireEvent.click(screen.getByRole('option', { name: /ACME/ }));
    await settle();
    expect(router.state.location.pathname).toBe('/stocks/ACME');
    expect(box()).toHaveValue('');
    expect(box()).not.toHaveFocus();
  });

  it('ArrowDown and ArrowUp move the highlight; Enter opens the highlighted row', async () => {
    const { router } = await openBox();
    search('zed');
    key('ArrowDown');
    key('ArrowDown');
    const rows = options();
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(rows[0]).toHaveAttribute('aria-selected', 'false');
    expect(box()).toHaveAttribute('aria-activedescendant', rows[1]!.id);
    key('ArrowUp');
    expect(rows[0]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', rows[0]!.id);
    key('Enter');
    await settle();
    expect(router.state.location.pathname).toBe('/stocks/ZED0');
    expect(box()).toHaveValue('');
  });

  it('wraps the highlight around at either end of the 10 rows', async () => {
    await openBox();
    search('zed');
    for (let i = 0; i < 10; i += 1) key('ArrowDown');
    expect(options()[9]).toHaveAttribute('aria-selected', 'true');
    key('ArrowDown'); // past the tenth: back to the first
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    key('ArrowUp'); // before the first: the last
    expect(options()[9]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options()[9]!.id);
  });

  it('a new term starts without a highlight', async () => {
    await openBox();
    search('zed');
    for (let i = 0; i < 3; i += 1) key('ArrowDown');
    search('zedland');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('option', { selected: true })).not.toBeInTheDocument();
  });

  it('the mouse moves the highlight too', async () => {
    await openBox();
    search('zed');
    fireEvent.mouseMove(options()[3]!);
    expect(options()[3]).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['its symbol part', 'brit', '/stocks/BRIT.L'],
    ['its symbol', 'Brit.L', '/stocks/BRIT.L'],
    ['its name', 'acme robotics inc.', '/stocks/ACME'],
    ['its exchange', 'lse', '/stocks/BRIT.L'],
  ])(
    'Enter without a highlight picks the stock whose %s equals the text',
    async (_, text, path) => {
      const { router } = await openBox();
      search(text);
      key('Enter');
      await settle();
      expect(router.state.location.pathname).toBe(path);
      expect(box()).toHaveValue('');
    },
  );

  it('finds a stock by its ISIN (asked of the server: the list has none) and opens it', async () => {
    const row = { symbol: 'ACME', companyName: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' };
    fetchMock.mockImplementation(
      stubFetch({
        '/api/asset/stocks/list': () => listResponse(),
        '/api/asset/stocks/search': () =>
          new Response(JSON.stringify({ data: [row] }), { status: 200 }),
      }),
    );
    const { router } = await openBox();
    search(' us0378331005 ');
    // The server's answer (the query library tells React on a timer, fake here).
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(within(listbox()).getByRole('option', { name: /Acme Robotics/ })).toBeVisible();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://app'))
      .filter((url) => url.pathname === '/api/asset/stocks/search');
    expect(asked.map((url) => url.searchParams.get('query'))).toEqual(['US0378331005']);
    key('Enter');
    await settle();
    expect(router.state.location.pathname).toBe('/stocks/ACME');
  });

  it('Enter works before the debounce has settled', async () => {
    const { router } = await openBox();
    type('acme');
    key('Enter');
    await settle();
    expect(router.state.location.pathname).toBe('/stocks/ACME');
  });

  it('Enter does nothing when no stock equals the text', async () => {
    const { router } = await openBox();
    search('zedl');
    key('Enter');
    await settle();
    expect(router.state.location.pathname).toBe('/');
    expect(box()).toHaveValue('zedl');
  });

  it('Escape blurs the box, which then closes', async () => {
    await openBox();
    box().focus();
    search('zed');
    expect(box()).toHaveFocus();
    key('Escape');
    expect(box()).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(150));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('search box accessibility (WAI-ARIA 1.2 combobox)', () => {
  it('is a combobox controlling a listbox of options, with a polite live count', async () => {
    await openBox();
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-controls', listbox().id);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    search('zed');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Matching stocks' })).toBe(listbox());
    expect(within(listbox()).getAllByRole('option')).toHaveLength(10);
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('keeps the live region in the DOM while closed, empty', async () => {
    renderBox();
    expect(screen.getByRole('status', { hidden: true })).toBeEmptyDOMElement();
  });
});

describe('search box as a picker (the curation console)', () => {
  it('takes its own name and hands the chosen stock to onPick instead of opening its page', async () => {
    const onPick = vi.fn();
    const { router } = renderRoutes(
      [{ path: '/', element: <SearchBox label="Company" onPick={onPick} /> }],
      '/',
    );
    const picker = screen.getByRole('combobox', { name: 'Company' });
    fireEvent.focus(picker);
    await screen.findByText(/stocks available/);
    fireEvent.change(picker, { target: { value: 'acme' } });
    const acme = await screen.findByRole('option', { name: /ACME/ });
    fireEvent.click(acme);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ value: 'ACME' }));
    await settle();
    expect(router.state.location.pathname).toBe('/');
  });
});
