import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDisplayedIndexes } from '../../core/market/indexes';
import { seriousAxeViolations, seriousAxeViolationsLightAndDark } from './axe';
import { canvasInk } from './canvas';
import { launchChromium } from './chromium';
import { cspViolations, serveProductionCsp } from './production-csp';
import { screenshot } from './artifacts';
import { sharedStackUrl } from '../support/shared-stack-info';

/** SPEC-free budget of the brief: the first screen's JavaScript, gzipped. */
const INITIAL_JS_BUDGET = 150 * 1024;

/** A change's arrow → its colour class and the sign of its amount. */
const SIGNS: Readonly<Record<string, readonly [string, string]>> = {
  '▲': ['up', '+'],
  '▼': ['down', '-'],
  '■': ['flat', ''],
};

interface ApiIndex {
  symbol: string;
  name: string;
  quote: { price: number };
}

/** The markets home page in Chromium against the shared local stack. */
describe('markets home', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const indexCards = () => page.getByRole('region', { name: 'Market indexes' }).locator('li');
  /** Named cards only: the loading placeholders have no name. */
  const cardNames = () => page.locator('.index-card .index-name');
  const apiIndexes = async () =>
    ((await (await fetch(`${url}/api/asset/stocks/indexes`)).json()) as { data: ApiIndex[] }).data;
  const openHome = async (target: Page) => {
    await target.goto(`${url}/home`);
    await target.getByRole('heading', { level: 1, name: 'Markets today' }).waitFor();
    await target.locator('.index-card .index-name').first().waitFor();
    await target.getByRole('table', { name: 'Top gainers' }).waitFor();
  };

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await openHome(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps chart.js, the price chart and zod out of the first bundle, under 150 KB gzipped', async () => {
    const html = await (await fetch(`${url}/`)).text();
    const initial = [
      ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.filter((file) => /PriceChart|ChartCanvas|chart/i.test(file))).toEqual([]);
    let gzipped = 0;
    for (const file of initial) {
      const code = Buffer.from(await (await fetch(`${url}${file}`)).arrayBuffer());
      expect(code.includes('chartjs')).toBe(false);
      // zod validates on the server; a route loader importing a module that carries it drags it in.
      expect(code.includes('ZodError'), file).toBe(false);
      gzipped += gzipSync(code).length;
    }
    expect(gzipped).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it('shows the ten default indexes in the §3 order with the levels the API reports', async () => {
    await expect.poll(() => cardNames().count()).toBe(10);
    expect(await cardNames().allTextContents()).toEqual(
      defaultDisplayedIndexes().map((i) => i.name),
    );
    const api = await apiIndexes();
    for (const card of await indexCards().all()) {
      const name = await card.locator('.index-name').textContent();
      const level = Number(
        (await card.locator('.index-level').textContent())!.split(' ')[0]!.replace(/,/g, ''),
      );
      const quote = api.find((i) => i.name === name)!.quote;
      // Simulated prices move while the test runs: within 1 % of the API's level.
      expect(Math.abs(level - quote.price) / quote.price).toBeLessThan(0.01);
      const change = (await card.locator('.change-text').textContent())!;
      expect(change).toMatch(/^[▲▼■] (Up|Down|Unchanged) [+-]?[\d,]+\.\d\d \([+-]?\d+\.\d\d%\)$/);
      // Sign, word and colour agree: ▲ + up, ▼ - down, ■ unsigned flat.
      const direction = (await card.locator('.change-text').getAttribute('class'))!.split(' ');
      const [arrow, , amount] = change.split(' ');
      const [colour, sign] = SIGNS[arrow!]!;
      expect(direction).toContain(colour);
      expect(/^[+-]?/.exec(amount!)![0]).toBe(sign);
      expect(await card.locator('.market-status').textContent()).toMatch(/^Market (Open|Closed)$/);
    }
    await expect
      .poll(() => page.locator('.index-card svg.sparkline path[d^="M"]').count(), {
        timeout: 15_000,
      })
      .toBe(10);
  });

  it('draws the cards’ lines from the one indexes read: the featured index’s is the only chart read', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visit = await fresh.newPage();
    const asked: string[] = [];
    visit.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/asset/stocks/')) asked.push(path.replace('/api/asset/stocks', ''));
    });
    await openHome(visit);
    await expect
      .poll(() => visit.locator('.index-card svg.sparkline path[d^="M"]').count(), {
        timeout: 15_000,
      })
      .toBe(10);
    await expect
      .poll(() => canvasInk(visit.getByTestId('price-chart').locator('canvas')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(500);
    expect(asked.filter((path) => path === '/indexes')).toHaveLength(1);
    // The 1D chart of ^IXIC and its previous close; no card asked for its own day.
    expect([...new Set(asked.filter((path) => path.startsWith('/chart/')))].sort()).toEqual([
      '/chart/%5EIXIC',
      '/chart/%5EIXIC/months-years',
    ]);
    await fresh.close();
  });

  it('shows TASI as well with All markets', async () => {
    const toggle = page.getByRole('button', { name: 'All markets' });
    await toggle.click();
    await expect.poll(() => cardNames().count()).toBe(11);
    await expect(cardNames().last().textContent()).resolves.toBe('TASI');
    await toggle.click();
    await expect.poll(() => cardNames().count()).toBe(10);
  });

  it('features ^IXIC with a drawn chart, and the index whose card is pressed', async () => {
    const featured = page.getByRole('region', { name: 'NASDAQ' });
    await expect(featured.locator('h2').textContent()).resolves.toBe('NASDAQ');
    await expect
      .poll(() => canvasInk(featured.getByTestId('price-chart').locator('canvas')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(500);
    const dax = page.locator('.index-card', { hasText: 'DAX' });
    await dax.click();
    await expect(dax.getAttribute('aria-pressed')).resolves.toBe('true');
    const daxPanel = page.getByRole('region', { name: 'DAX' });
    await expect
      .poll(() => canvasInk(daxPanel.getByTestId('price-chart').locator('canvas')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(500);
    await page.locator('.index-card', { hasText: 'NASDAQ' }).click();
  });

  it('lists gainers, losers and most active, each row linking to its stock page', async () => {
    for (const name of ['Top gainers', 'Top losers', 'Most active']) {
      const table = page.getByRole('table', { name });
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThan(0);
      for (const href of await rows
        .locator('a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
        expect(href).toMatch(/^\/stocks\/[^/]+$/);
      await expect(rows.first().locator('td').nth(1).textContent()).resolves.toMatch(
        /^[▲▼■] (Up|Down|Unchanged) [+-]?\d+\.\d\d%$/,
      );
      // Gainers and losers: volume as a share count, whole below a million, else millions or
      // billions (§9). Most active: the traded value in the listing's currency, and the dollars
      // it was ranked on beside any other currency.
      await expect(rows.first().locator('td').nth(2).textContent()).resolves.toMatch(
        name === 'Most active'
          ? /^[\d,]+(\.\d\d[MB])? [A-Z]{3}( ≈ \$[\d,]+(\.\d\d[MB])?)?$/
          : /^(\d{1,3}(,\d{3})*|[\d,]+\.\d\d[MB])$/,
      );
    }
    const gainers = page.getByRole('table', { name: 'Top gainers' }).locator('tbody tr');
    const first = gainers.first().locator('a');
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('table', { name: 'Top gainers' }).waitFor();
  });

  it('has no serious or critical axe violations, light and dark', async () => {
    await openHome(page);
    expect(await seriousAxeViolationsLightAndDark(page)).toEqual([]);
  });

  it('runs under the production Content-Security-Policy without a violation', async () => {
    const strict = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await serveProductionCsp(strict);
    const strictPage = await strict.newPage();
    await openHome(strictPage);
    await expect
      .poll(() => canvasInk(strictPage.getByTestId('price-chart').locator('canvas')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(500);
    expect(await cspViolations(strictPage)).toEqual([]);
    await strict.close();
  });

  it('writes screenshots at 1280 px and 390 px, and nothing scrolls sideways on a phone', async () => {
    await openHome(page);
    await page.getByTestId('price-chart').locator('canvas').waitFor();
    await screenshot(page, 'home-1280');
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const small = await phone.newPage();
    await openHome(small);
    await small.getByTestId('price-chart').locator('canvas').waitFor();
    await expect(
      small.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(small)).toEqual([]);
    await screenshot(small, 'home-390');
    await phone.close();
  });
});
