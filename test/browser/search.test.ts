/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSearchIndex } from '../../core/search';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { launchChromium } from './chromium';

/** The header search end to end in Chromium: the real list, real navigation, every §2 text. */
describe('search box in Chromium', () => {
  const url = inject('stackUrl');
  let browser: Browser;
  let page: Page;
  let symbol = '';
  let total = 0;
  /** A one-letter term with more than 10 matches, and how many. */
  let broad = { term: '', total: 0 };

  beforeAll(async () => {
    const response = await fetch(`${url}/api/asset/stocks/list?all=true`);
    const list = (await response.json()) as { data: [CompactStockList] };
    const stocks = decodeStockList(list.data[0]);
    total = stocks.length;
    // A dotted symbol ('ABC.L') when there is one: the path and the symbol part both get tested.
    symbol = (stocks.find((s) => s.symbol.includes('.')) ?? stocks[0]!).symbol;
    const index = createSearchIndex(stocks);
    const letter = [...'aeiou'].find((l) => index.match(l).total > 10)!;
    broad = { term: letter, total: index.match(letter).total };
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const box = () => page.getByRole('combobox', { name: 'Search stocks' });
  const listbox = () => page.getByRole('listbox', { name: 'Matching stocks' });
  const status = () => page.locator('.search').getByRole('status');
  const selected = () => listbox().locator('[role=option][aria-selected=true]');
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

  it("shows 'Showing 10 of N results' for a broad term: 10 rows of 48 px in view, all by scrolling", async () => {
    await box().fill(broad.term);
    await page.getByText(`Showing 10 of ${count(broad.total)} results`).waitFor();
    const list = await listbox().boundingBox();
    expect(list?.height).toBeCloseTo(480, 0);
    const rows = listbox().getByRole('option');
    await expect((await rows.first().boundingBox())?.height).toBeCloseTo(48, 0);
    // Virtualised: only the rows in view and a few around them are in the DOM.
    expect(await rows.count()).toBeLessThanOrEqual(18);
    await expect(rows.first().getAttribute('aria-setsize')).resolves.toBe(String(broad.total));

    await listbox().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await listbox().locator(`[aria-posinset="${broad.total}"]`).waitFor();
    expect(await rows.count()).toBeLessThanOrEqual(18);
  });

  it('keeps the highlighted row in view while the arrows move past the tenth', async () => {
    await box().fill('');
    await box().fill(broad.term);
    await page.getByText(`Showing 10 of ${count(broad.total)} results`).waitFor();
    for (let i = 0; i < 12; i += 1) await box().press('ArrowDown');
    await expect(selected().getAttribute('aria-posinset')).resolves.toBe('12');
    const row = (await selected().boundingBox())!;
    const list = (await listbox().boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(list.y - 1);
    expect(row.y + row.height).toBeLessThanOrEqual(list.y + list.height + 1);
  });

  it('has no serious or critical axe violations with the results open', async () => {
    const results = await new AxeBuilder({ page }).include('.search').analyze();
    const serious = results.violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
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
