import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPercent } from '../../core/format';
import { quoteDayChange } from '../../core/market/day-change';
import type { ScreenPage } from '../../core/market/stock-screen';
import type { Quote } from '../../core/market/types';
import { chromiumForFile } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/** The percent of a shown change: '▲ Up +1.23 (+0.45%)' or '▲ Up +0.45%' → '+0.45'. */
const percentOf = (text: string | null): string | undefined =>
  /([+\-−]?\d+\.\d\d)%/.exec(text ?? '')?.[1]?.replace('−', '-');

/**
 * One day change: for one symbol at one moment the quote header, the chart's 1D
 * figure, the movers on the home page, the screener's row and the API's quote (price against its
 * previous close) show the same day change. The simulated price moves each minute, so every
 * figure is read again until a read falls within one minute; a definition that differs (the
 * chart's first bar instead of the previous close) never agrees.
 */
describe('one day change in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();

  const api = async <T>(path: string): Promise<T> =>
    ((await (await fetch(`${url}/api/asset${path}`)).json()) as { data: T }).data;

  /** The top gainer's symbol and its shown percent, from the home page's movers. */
  async function topGainer(home: Page): Promise<{ symbol: string; percent?: string }> {
    await home.goto(`${url}/home`);
    const row = home.getByRole('table', { name: 'Top gainers' }).locator('tbody tr').first();
    await row.waitFor();
    const href = (await row.locator('a').first().getAttribute('href'))!;
    return {
      symbol: decodeURIComponent(href.replace(/^\/stocks\//, '')),
      percent: percentOf(await row.locator('td').nth(1).textContent()),
    };
  }

  async function figures(home: Page, stock: Page): Promise<Record<string, string | undefined>> {
    const { symbol, percent: movers } = await topGainer(home);
    await stock.goto(`${url}/stocks/${encodeURIComponent(symbol)}`);
    const header = stock.getByTestId('quote-change');
    const chart = stock.locator('.chart-change', { hasText: '1D' });
    await header.waitFor();
    await chart.waitFor();
    // The quote endpoint answers FMP's shape: a one-element array.
    const [quote] = await api<Quote[]>(`/stocks/quote/${encodeURIComponent(symbol)}`);
    const screen = await api<ScreenPage['data']>(
      `/stocks/screener?${new URLSearchParams({ query: symbol, limit: '100' })}`,
    );
    const row = screen.find((r) => r.symbol === symbol);
    return {
      symbol,
      api: quote && percentOf(formatPercent(quoteDayChange(quote).percent, { signed: true })),
      header: percentOf(await header.textContent()),
      chart: percentOf(await chart.textContent()),
      movers,
      screener: row && percentOf(formatPercent(row.changesPercentage, { signed: true })),
    };
  }

  it("shows the header's day change on the 1D chart, in the movers and the screener", async () => {
    const [home, stock] = [await newPage(), await newPage()];
    let last: Record<string, string | undefined> = {};
    const agreed = expect
      .poll(
        async () => {
          last = await figures(home, stock);
          const { symbol: _symbol, ...shown } = last;
          return new Set(Object.values(shown)).size;
        },
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe(1);
    // On failure, say which figures differed.
    await agreed.catch((error: unknown) => {
      throw new Error(`day changes differ: ${JSON.stringify(last)}`, { cause: error });
    });
    expect(last.header).toMatch(/^[+-]?\d+\.\d\d$/);
  }, 180_000);
});
