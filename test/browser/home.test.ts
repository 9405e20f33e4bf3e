import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { defaultDisplayedIndexes } from '../../core/market/indexes';
import { canvasInk } from './canvas';
import { launchChromium } from './chromium';

/** The markets home page in Chromium against the shared local stack. */
describe('markets home', () => {
  const url = inject('stackUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${url}/home`);
    await page.getByRole('heading', { name: 'Markets today' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the ten default indexes in the §3 order with the levels the API reports', async () => {
    // Placeholder cards stand in until the levels arrive: wait for the named ones.
    await expect.poll(() => page.locator('.index-name').count()).toBe(10);
    const names = await page.locator('.index-name').allTextContents();
    expect(names).toEqual(defaultDisplayedIndexes().map((i) => i.name));
    const api = (await (await fetch(`${url}/api/asset/stocks/indexes`)).json()) as {
      data: { name: string; quote: { price: number } }[];
    };
    const nasdaq = api.data.find((i) => i.name === 'NASDAQ')!;
    const level = await page
      .locator('.index-card', { hasText: 'NASDAQ' })
      .locator('.index-level')
      .textContent();
    expect(Number(level!.replace(/,/g, ''))).toBeCloseTo(nasdaq.quote.price, 0);
    await page.getByRole('button', { name: 'All markets' }).click();
    await expect.poll(() => page.locator('.index-name').count()).toBe(11);
  });

  it('features ^IXIC with a drawn chart, and another index on click', async () => {
    await expect(page.locator('#featured-title').textContent()).resolves.toBe('NASDAQ');
    const chart = page.getByTestId('price-chart');
    await expect
      .poll(() => canvasInk(chart.locator('canvas')), { timeout: 15_000 })
      .toBeGreaterThan(500);
    await page.locator('.index-card', { hasText: 'DAX' }).click();
    await expect(page.locator('#featured-title').textContent()).resolves.toBe('DAX');
  });

  it('lists gainers, losers and most active, each linking to its stock page', async () => {
    for (const title of ['Top gainers', 'Top losers', 'Most active']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    const first = page.locator('.movers').first().locator('a').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/stocks\//);
    await first.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
  });

  it('has no serious or critical axe violations and writes screenshots', async () => {
    await page.goto(`${url}/home`);
    await page.locator('.index-name').first().waitFor();
    await page.locator('.movers').first().waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await mkdir('test/artifacts', { recursive: true });
    await page.screenshot({ path: 'test/artifacts/home-1280.png', fullPage: true });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`${url}/home`);
    await small.locator('.index-name').first().waitFor();
    await small.locator('.movers').first().waitFor();
    // Nothing widens a phone's page: no sideways scrolling.
    await expect(
      small.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(390);
    await small.screenshot({ path: 'test/artifacts/home-390.png', fullPage: true });
    await phone.close();
  });
});
