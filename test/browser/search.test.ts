/// <reference lib="dom" />
import { seriousAxeViolations } from './axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

interface Universe {
  readonly stocks: readonly { symbol: string; name: string }[];
  /** Stocks, one per symbol. */
  readonly total: number;
  /** How many of them have the letter in their symbol or name. */
  matching(letter: string): number;
}

/**
 * What the box must count, worked out without the code under test: stocks whose symbol or name
 * contains the letter, ignoring case and accents (§2 matching), one per symbol.
 */
function universeOf(list: { data: [CompactStockList] }): Universe {
  const stocks = decodeStockList(list.data[0]);
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const symbols = new Map<string, string>();
  for (const s of stocks) {
    if (!symbols.has(s.symbol)) symbols.set(s.symbol, fold(`${s.symbol} ${s.name || s.symbol}`));
  }
  return {
    stocks,
    total: symbols.size,
    matching: (letter) => [...symbols.values()].filter((t) => t.includes(letter)).length,
  };
}

/** The header search end to end in Chromium: the real list, real navigation, every §2 text. */
describe('search box in Chromium', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let page: Page;
  let symbol = '';
  /** A one-letter term with more than 10 matches. */
  let term = '';
  /**
   * The list the page itself loaded last: other files add stocks to the shared stack while this
   * one runs, so the counts the box must show are taken from what it was given.
   */
  let pageList: Promise<Universe> | undefined;

  beforeAll(async () => {
    const response = await fetch(`${url}/api/asset/stocks/list?all=true`);
    const universe = universeOf((await response.json()) as { data: [CompactStockList] });
    // A dotted symbol ('ABC.L') when there is one: the path and the symbol part both get tested.
    symbol = (universe.stocks.find((s) => s.symbol.includes('.')) ?? universe.stocks[0]!).symbol;
    term = [...'aeiou'].find((l) => universe.matching(l) > 10)!;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('response', (answer) => {
      if (new URL(answer.url()).pathname === '/api/asset/stocks/list' && answer.ok()) {
        pageList = answer.json().then((body) => universeOf(body as { data: [CompactStockList] }));
      }
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const box = () => page.getByRole('combobox', { name: 'Search stocks' });
  const listbox = () => page.getByRole('listbox', { name: 'Matching stocks' });
  const status = () => page.locator('.search').getByRole('status');
  const focused = () => box().evaluate((el) => el === document.activeElement);
  const count = (n: number) => n.toLocaleString('en-US');

  it("says 'Loading stocks...' until the list arrives, then how many stocks there are", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/asset/stocks/list*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${url}/about`);
    await expect(box().getAttribute('placeholder')).resolves.toBe('Search symbols or companies');
    await box().click();
    await page.getByText('Loading stocks...').waitFor();
    release();
    await page.getByText(/ stocks available - start typing to search$/).waitFor();
    const { total } = await pageList!;
    await page.getByText(`${count(total)} stocks available - start typing to search`).waitFor();
    await expect(box().getAttribute('aria-expanded')).resolves.toBe('false');
    await page.unroute('**/api/asset/stocks/list*');
  });

  it('finds a symbol typed letter by letter; the arrows and Enter open it and clear the box', async () => {
    await box().pressSequentially(symbol.toLowerCase(), { delay: 40 });
    const first = listbox().getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain(symbol);
    await expect(box().getAttribute('aria-expanded')).resolves.toBe('true');
    await box().press('ArrowDown');
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    const active = await box().getAttribute('aria-activedescendant');
    await expect(first.getAttribute('id')).resolves.toBe(active);
    await box().press('ArrowDown');
    await box().press('ArrowUp');
    await expect(first.getAttribute('aria-selected')).resolves.toBe('true');
    await box().press('Enter');
    await page.waitForURL(`**/stocks/${symbol}`);
    await expect(box().inputValue()).resolves.toBe('');
    await expect(focused()).resolves.toBe(false);
  });

  it('Enter without a highlight opens the stock whose symbol part equals the text', async () => {
    await page.goto(`${url}/about`);
    const part = symbol.split('.')[0]!;
    await box().fill(part);
    await box().press('Enter');
    await page.waitForURL(/\/stocks\//);
    expect(decodeURIComponent(new URL(page.url()).pathname)).toMatch(
      new RegExp(`^/stocks/${part.replace(/[.^$]/g, '\\$&')}(\\.|$)`),
    );
    await expect(box().inputValue()).resolves.toBe('');
  });

  it("shows 'Showing 10 of N results' for a broad term: the best 10, in rows of 48 px", async () => {
    await box().fill(term);
    await page.getByText(/^Showing 10 of /).waitFor();
    const broad = (await pageList!).matching(term);
    await page.getByText(`Showing 10 of ${count(broad)} results`).waitFor();
    const rows = listbox().getByRole('option');
    expect(await rows.count()).toBe(10);
    await expect((await rows.first().boundingBox())?.height).toBeCloseTo(48, 0);
    const list = await listbox().boundingBox();
    expect(list?.height).toBeCloseTo(480, 0);
  });

  it('wraps the highlight from the tenth row back to the first', async () => {
    await box().fill('');
    await box().fill(term);
    await page.getByText(/^Showing 10 of /).waitFor();
    const broad = (await pageList!).matching(term);
    await page.getByText(`Showing 10 of ${count(broad)} results`).waitFor();
    for (let i = 0; i < 10; i += 1) await box().press('ArrowDown');
    const rows = listbox().getByRole('option');
    await expect(rows.nth(9).getAttribute('aria-selected')).resolves.toBe('true');
    await box().press('ArrowDown');
    await expect(rows.first().getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box().getAttribute('aria-activedescendant')).resolves.toBe(
      await rows.first().getAttribute('id'),
    );
  });

  it('has no serious or critical axe violations with the results open', async () => {
    expect(await seriousAxeViolations(page, '.search')).toEqual([]);
  });

  it("says 'No matches found' with the hint when nothing matches", async () => {
    await box().fill('zzqqxx');
    await page.getByText('No matches found for "zzqqxx"').waitFor();
    await page.getByText('Try adjusting your search term').waitFor();
    await expect(status().textContent()).resolves.toBe('No matches found for "zzqqxx"');
  });

  it('Escape leaves the box, and the dropdown closes', async () => {
    await box().press('Escape');
    await expect(focused()).resolves.toBe(false);
    await page.locator('.search-dropdown').waitFor({ state: 'hidden' });
  });

  it('a click on a result opens it', async () => {
    await box().click();
    await box().fill(symbol);
    await listbox().getByRole('option').first().click();
    await page.waitForURL(`**/stocks/${symbol}`);
    await expect(box().inputValue()).resolves.toBe('');
  });
});
