/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { launchChromium } from './chromium';

/** The header search end to end: real list, real navigation, every §2 text. */
describe('search box in Chromium', () => {
  const url = inject('stackUrl');
  let browser: Browser;
  let page: Page;
  let symbol = '';
  let total = 0;

  beforeAll(async () => {
    const list = (await (await fetch(`${url}/api/asset/stocks/list?all=true`)).json()) as {
      data: [CompactStockList];
    };
    const stocks = decodeStockList(list.data[0]);
    total = stocks.length;
    symbol = stocks.find((s) => s.exchangeShortName === 'NYSE')!.symbol;
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const box = () => page.getByRole('combobox', { name: 'Search stocks' });

  it("says 'Loading stocks...' until the list arrives, then how many stocks there are", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/asset/stocks/list*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${url}/about`);
    await box().click();
    await page.getByText('Loading stocks...').waitFor();
    release();
    await page
      .getByText(`${total.toLocaleString('en-US')} stocks available - start typing to search`)
      .waitFor();
    await page.unroute('**/api/asset/stocks/list*');
  });

  it('finds a symbol, moves with the arrows and opens it with Enter, clearing the box', async () => {
    await box().fill(symbol.toLowerCase());
    const option = page
      .getByRole('listbox', { name: 'Matching stocks' })
      .getByRole('option')
      .first();
    await expect.poll(() => option.textContent()).toContain(symbol);
    await box().press('ArrowDown');
    await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
    await box().press('Enter');
    await page.waitForURL(`**/stocks/${symbol}`);
    await expect(box().inputValue()).resolves.toBe('');
  });

  it("shows 'Showing 10 of N results' for a broad term and the no-match texts", async () => {
    await box().fill('a');
    await page.getByText(/^Showing 10 of [\d,]+ results$/).waitFor();
    await expect
      .poll(() =>
        page.getByRole('listbox', { name: 'Matching stocks' }).getByRole('option').count(),
      )
      .toBe(10);
    await box().fill('zzqqxx');
    await page.getByText('No matches found for "zzqqxx"').waitFor();
    await page.getByText('Try adjusting your search term').waitFor();
  });

  it('Escape leaves the box, and a click on a result opens it', async () => {
    await box().press('Escape');
    await expect(box().evaluate((el) => el === document.activeElement)).resolves.toBe(false);
    await box().click();
    await box().fill(symbol);
    await page
      .getByRole('listbox', { name: 'Matching stocks' })
      .getByRole('option')
      .first()
      .click();
    await page.waitForURL(`**/stocks/${symbol}`);
  });
});
