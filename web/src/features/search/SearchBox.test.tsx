import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeStockList, type StockListEntry } from '../../../../core/stock-list';
import { renderRoutes, stubFetch } from '../../test-utils';
import { SearchBox } from './SearchBox';

const STOCKS: StockListEntry[] = [
  { symbol: 'ACME', name: 'Acme Robotics Inc.', exchangeShortName: 'NASDAQ' },
  { symbol: 'BRIT.L', name: 'Britwell plc', exchangeShortName: 'LSE' },
  ...Array.from({ length: 12 }, (_, i) => ({
    symbol: `ZED${i}`,
    name: `Zedland Mining ${i}`,
    exchangeShortName: 'NYSE',
  })),
];

let listResponse: () => Response | Promise<Response>;

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

const box = () => screen.getByRole('combobox');
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

beforeEach(() => {
  listResponse = () =>
    new Response(JSON.stringify({ data: [encodeStockList(STOCKS)] }), { status: 200 });
  vi.stubGlobal('fetch', stubFetch({ '/api/asset/stocks/list': () => listResponse() }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search box (SPEC §2 Search box, §9)', () => {
  it("shows the placeholder 'Search symbols or companies'", () => {
    renderBox();
    expect(box()).toHaveAttribute('placeholder', 'Search symbols or companies');
  });

  it("says 'Loading stocks...' while the list loads", () => {
    listResponse = () => new Promise<Response>(() => {});
    renderBox();
    fireEvent.focus(box());
    expect(screen.getByText('Loading stocks...')).toBeInTheDocument();
  });

  it("says '{n} stocks available - start typing to search' when focused and empty", async () => {
    renderBox();
    fireEvent.focus(box());
    expect(
      await screen.findByText('14 stocks available - start typing to search'),
    ).toBeInTheDocument();
  });

  it('says \'No matches found for "{term}"\' with the hint when nothing matches', async () => {
    renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    type('qqq');
    expect(await screen.findByText('No matches found for "qqq"')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search term')).toBeInTheDocument();
  });

  it("shows at most 10 rows of 48 px and 'Showing 10 of 12 results' above 10", async () => {
    renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    type('zedland');
    expect(await screen.findByText('Showing 10 of 12 results')).toBeInTheDocument();
    const rows = screen.getAllByRole('option');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveStyle({ height: '48px' });
  });

  it('waits 300 ms after the last keystroke before searching', async () => {
    renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    vi.useFakeTimers();
    type('acm');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('option', { name: /ACME/ })).toBeInTheDocument();
  });

  it('picks with a click: opens /stocks/{symbol} and clears the text', async () => {
    const { router } = renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    type('acme');
    fireEvent.click(await screen.findByRole('option', { name: /ACME/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stocks/ACME'));
    expect(box()).toHaveValue('');
  });

  it('moves the highlight with the arrow keys and picks it with Enter', async () => {
    const { router } = renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    type('zed');
    await screen.findByText('Showing 10 of 12 results');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/stocks/ZED0'));
  });

  it('Enter without a highlight picks the option whose symbol part, label or exchange equals the text', async () => {
    const { router } = renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    type('brit');
    await screen.findByRole('option', { name: /BRIT\.L/ });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/stocks/BRIT.L'));
    expect(box()).toHaveValue('');
  });

  it('Escape blurs the box', async () => {
    renderBox();
    box().focus();
    expect(box()).toHaveFocus();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).not.toHaveFocus();
  });

  it('closes about 150 ms after blur, not at once', async () => {
    renderBox();
    fireEvent.focus(box());
    await screen.findByText(/stocks available/);
    vi.useFakeTimers();
    fireEvent.blur(box());
    act(() => vi.advanceTimersByTime(140));
    expect(screen.getByText(/stocks available/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText(/stocks available/)).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });
});
