import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TIMEFRAMES } from '../../core/market/timeframes';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { launchChromium } from './chromium';
import { canvasInk } from './canvas';

const ARTIFACTS = 'test/artifacts';

/** The stock detail page in Chromium against the shared local stack (real API data). */
describe('stock detail page', () => {
  const url = inject('stackUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let symbol = '';
  const api = async <T>(path: string) =>
    ((await (await fetch(`${url}/api/asset${path}`)).json()) as { data: T[] }).data;

  beforeAll(async () => {
    const [list] = await api<CompactStockList>('/stocks/list?all=true');
    // A US company: its statements are in USD and its symbol has no suffix.
    symbol = decodeStockList(list!).find((s) => s.exchangeShortName === 'NASDAQ')!.symbol;
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    page = await context.newPage();
    await page.goto(`${url}/stocks/${symbol}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the quote header from the profile and quote APIs', async () => {
    const [profile] = await api<{ companyName: string; currency: string }>(
      `/stocks/profile/${symbol}`,
    );
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      profile!.companyName,
    );
    await expect(page.title()).resolves.toContain(symbol);
    await page.getByText(/Market (open|closed)/).waitFor();
    await page.getByText('52-week range').waitFor();
  });

  it('renders key statistics, statements, analyst ratings, the Shariah screen and the profile', async () => {
    await page.getByRole('heading', { name: 'Valuation' }).waitFor();
    const [ratios] = await api<{ currentRatioTTM: number }>(`/stocks/ratios-ttm/${symbol}/ratios`);
    const current = page.locator('.stat-group', { hasText: 'Liquidity' }).locator('dd').first();
    await expect(current.textContent()).resolves.toBe(ratios!.currentRatioTTM.toFixed(2));

    const table = page.locator('.statement-table');
    await table.waitFor();
    const header = await table.locator('thead th').allTextContents();
    expect(header[1]).toContain('TTM');
    expect(header).toHaveLength(1 + 1 + 8);

    await page.getByText(/^Consensus:/).waitFor();
    await page.getByRole('heading', { name: /AAOIFI/ }).waitFor();
    await page.getByText(/not a fatwa/).waitFor();
    await page.getByText('ISIN').waitFor();
  });

  it('switches to quarterly and balance sheets, and shows more periods', async () => {
    await page.getByRole('radio', { name: 'Quarterly' }).click();
    await page.getByRole('tab', { name: 'Balance Sheet' }).click();
    await page.getByRole('rowheader', { name: 'Total assets', exact: true }).waitFor();
    const headers = page.locator('.statement-table thead th');
    await expect.poll(() => headers.count()).toBe(9);
    await expect(headers.nth(1).textContent()).resolves.not.toContain('TTM');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => headers.count()).toBe(13); // 12 quarters exist
  });

  it('downloads the shown rows and columns as CSV', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${symbol}-balance-quarter.csv`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(path, 'utf8')).trim().split(/\r?\n/);
    const shownRows = await page.locator('.statement-table tbody tr').count();
    expect(lines).toHaveLength(1 + shownRows);
    expect(lines[0]!.split(',')).toHaveLength(13);
    expect(lines.some((l) => l.startsWith('Total assets,'))).toBe(true);
  });

  it('draws the chart for all 8 timeframes, in candles and compared with an index', async () => {
    const chart = page.getByTestId('price-chart');
    for (const timeframe of TIMEFRAMES) {
      await page.getByRole('radio', { name: timeframe, exact: true }).click();
      await expect
        .poll(async () => Number(await chart.getAttribute('data-bars')), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => canvasInk(chart.locator('canvas'))).toBeGreaterThan(500);
    }
    await page.getByRole('radio', { name: 'Candles' }).click();
    await expect.poll(() => canvasInk(chart.locator('canvas'))).toBeGreaterThan(500);
    await page.getByLabel('Compare with').selectOption('^GSPC');
    await expect.poll(() => canvasInk(chart.locator('canvas'))).toBeGreaterThan(500);
  });

  it('has no serious or critical axe violations', async () => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  it('writes screenshots at 1280 px and 390 px', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: `${ARTIFACTS}/detail-1280.png`, fullPage: true });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${url}/stocks/${symbol}`);
    await small.getByRole('heading', { name: 'Valuation' }).waitFor();
    await small.screenshot({ path: `${ARTIFACTS}/detail-390.png`, fullPage: true });
    await phone.close();
  });

  it('says clearly when a symbol is unknown', async () => {
    await page.goto(`${url}/stocks/NOSUCHCO`);
    await page.getByText('We could not find the stock "NOSUCHCO".').waitFor();
  });
});
