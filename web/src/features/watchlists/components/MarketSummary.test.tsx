import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '@core/format';
import { MARKET_INDEXES } from '@core/market/indexes';
import type { IndexQuote, Quote } from '@core/market/types';
import { sparklinePath } from '../../../components/chart/Sparkline';
import { renderWithProviders, stubFetch } from '../../../testing/test-utils';
import { PICKED_INDEXES_KEY } from '../lib/picked-indexes';
import { MarketSummary } from './MarketSummary';

// A day with a lunch break: the line keeps its gap in time.
const SPARK = { minutes: [0, 1, 2, 150], closes: [100, 102, 101, 103] };

const INDEXES: IndexQuote[] = MARKET_INDEXES.map((index, i) => ({
  ...index,
  quote: {
    symbol: index.symbol,
    price: 10_000 + i * 1_000,
    change: index.symbol === '^DJI' ? -50 : 25,
    changesPercentage: index.symbol === '^DJI' ? -0.5 : 0.25,
    marketOpen: index.country === 'US',
  } as Quote,
  // A market that has not traded today has no line.
  spark: index.symbol === '^IXIC' ? { minutes: [], closes: [] } : SPARK,
}));

const rowOf = (name: string) =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.startsWith(name))!;

describe("dashboard's market summary", () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', stubFetch({ '/api/asset/stocks/indexes': { data: INDEXES } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows each picked index with its level, change and day line from the quotes read', async () => {
    renderWithProviders(<MarketSummary />);
    const sp = INDEXES.find((i) => i.symbol === '^GSPC')!;
    await screen.findByRole('list');
    const row = rowOf(sp.name);
    expect(row).toHaveTextContent(`${formatNumber(sp.quote!.price)} ${sp.currency}`);
    const line = row.querySelector('svg.sparkline')!;
    expect(line).toHaveClass('up');
    expect(line.querySelector('path')).toHaveAttribute(
      'd',
      sparklinePath(SPARK.closes, SPARK.minutes, 80, 22),
    );
    // The line is for the eye: the row's figures are what a screen reader hears.
    expect(line.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(rowOf(INDEXES.find((i) => i.symbol === '^DJI')!.name).querySelector('svg')).toHaveClass(
      'down',
    );
    // No bars today: the row keeps its place for the line and draws none.
    const nasdaq = rowOf(INDEXES.find((i) => i.symbol === '^IXIC')!.name);
    expect(nasdaq.querySelector('.summary-spark')).not.toBeNull();
    expect(nasdaq.querySelector('svg')).toBeNull();
  });

  it('follows the indexes the user picks, and remembers them in this browser', async () => {
    renderWithProviders(<MarketSummary />);
    const ftse = INDEXES.find((i) => i.symbol === '^FTSE')!;
    await screen.findByRole('list');
    expect(screen.getByRole('list').textContent).not.toContain(ftse.name);
    await userEvent.click(screen.getByText('Choose indexes'));
    await userEvent.click(screen.getByRole('checkbox', { name: ftse.name }));
    const added = within(screen.getByRole('list')).getByText(ftse.name).closest('li')!;
    expect(added.querySelector('svg.sparkline')).not.toBeNull();
    expect(JSON.parse(window.localStorage.getItem(PICKED_INDEXES_KEY)!)).toContain('^FTSE');
  });
});
