import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMEFRAMES } from '../../core/market/timeframes';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import { canvasInk, canvasScreenshot } from './canvas';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/** chart.js's own error text: present in any bundle that includes chart.js. */
const CHART_JS_TEXT = "Failed to create chart: can't acquire context";

/** A drawn chart has at least this many painted pixels (axes alone paint far fewer). */
const INKED = 500;

/** The price chart of a stock detail page, drawn by chart.js in Chromium from the real API. */
describe('price chart', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let page: Page;
  let chart: Locator;

  /** Waits until the chart for `timeframe` and `mode` is on the canvas, then returns its bars. */
  async function drawn(timeframe: string, mode: string): Promise<number> {
    await expect
      .poll(
        async () =>
          `${await chart.getAttribute('data-timeframe')} ${await chart.getAttribute('data-mode')}`,
        {
          timeout: 15_000,
        },
      )
      .toBe(`${timeframe} ${mode}`);
    await expect.poll(() => canvasInk(chart.locator('canvas'))).toBeGreaterThan(INKED);
    return Number(await chart.getAttribute('data-bars'));
  }

  const pixels = () => canvasScreenshot(chart.locator('canvas'));

  beforeAll(async () => {
    const response = await fetch(`${url}/api/asset/stocks/list?all=true`);
    const { data } = (await response.json()) as { data: CompactStockList[] };
    const symbol = decodeStockList(data[0]!).find((s) => s.exchangeShortName === 'NASDAQ')!.symbol;
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${url}/stocks/${encodeURIComponent(symbol)}`);
    chart = page.getByTestId('price-chart');
    await chart.scrollIntoViewIfNeeded({ timeout: 30_000 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws each of the 8 timeframes', async () => {
    for (const timeframe of TIMEFRAMES) {
      await page.getByRole('radio', { name: timeframe, exact: true }).click();
      expect(await drawn(timeframe, 'line'), timeframe).toBeGreaterThan(0);
    }
    // ALL (decades of daily bars) is decimated to about a point per pixel.
    expect(await drawn('ALL', 'line')).toBeLessThanOrEqual(1000);
  });

  it('draws candles and OHLC, long ranges aggregated', async () => {
    await page.getByRole('radio', { name: 'Candles' }).click();
    expect(await drawn('ALL', 'candles')).toBeLessThanOrEqual(500);
    await page.getByRole('radio', { name: '3M', exact: true }).click();
    expect(await drawn('3M', 'candles')).toBeGreaterThan(40);
    await page.getByRole('radio', { name: 'OHLC' }).click();
    expect(await drawn('3M', 'ohlc')).toBeGreaterThan(40);
  });

  it('shows the crosshair under the pointer and by keyboard', async () => {
    const before = await pixels();
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await expect.poll(pixels).not.toBe(before);
    await page.mouse.move(0, 0);
    await chart.focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => page.locator('[aria-live="polite"]', { hasText: 'Close' }).textContent())
      .toMatch(/^\d{4}-\d\d-\d\d, Open .*, Volume ([\d,]+|[\d,]+\.\d\d[MB])$/);
    await page.keyboard.press('Escape');
  });

  it('compares with an index as two % lines', async () => {
    await page.getByLabel('Compare with').selectOption('^GSPC');
    expect(await drawn('3M', 'compare')).toBeGreaterThan(40);
    await page.locator('.chart-legend', { hasText: 'S&P 500' }).waitFor();
    await page.getByRole('radio', { name: 'ALL', exact: true }).click();
    expect(await drawn('ALL', 'compare')).toBeGreaterThan(0);
    await page.getByLabel('Compare with').selectOption('');
    await drawn('ALL', 'ohlc');
  });

  it('redraws in the dark theme', async () => {
    const light = await pixels();
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    await expect.poll(pixels).not.toBe(light);
    expect(await canvasInk(chart.locator('canvas'))).toBeGreaterThan(INKED);
    await page.evaluate(() => {
      delete document.documentElement.dataset.theme;
    });
  });

  // chart.js's first draw would be the longest task on the main thread.
  it('draws in the chart worker: chart.js never runs on the main thread', async () => {
    const workers = page.workers().map((worker) => worker.url());
    expect(workers).toContainEqual(expect.stringMatching(/chart-worker/));
    // A canvas handed to a worker (transferControlToOffscreen) has no context on this thread.
    const handedOver = await chart.locator('canvas').evaluate((c) => {
      try {
        (c as HTMLCanvasElement).getContext('2d');
        return false;
      } catch {
        return true;
      }
    });
    expect(handedOver).toBe(true);
    // The worker's draws are timed there and recorded on the page's timeline.
    const renders = await page.evaluate(() =>
      performance.getEntriesByName('stockscope:chart-render').map((e) => e.duration),
    );
    expect(renders.length).toBeGreaterThan(8);
    // Every script the page loaded for its own thread, lazily loaded chunks included, is free of
    // chart.js (the worker's script is on the page's resource timeline too).
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\.js(\?|$)/.test(name)),
    );
    const ownScripts = scripts.filter((src) => !workers.includes(src));
    expect(ownScripts.length).toBeGreaterThan(0);
    expect(ownScripts.length).toBeLessThan(scripts.length);
    for (const src of ownScripts) {
      const code = await (await fetch(src)).text();
      expect(code.includes(CHART_JS_TEXT), src).toBe(false);
    }
  });

  // A worker's chart.js measured its scaled canvas again and drew at twice the size on a 2x display.
  it('draws at the size of its box on a 2x display, as after a resize', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 2,
    });
    try {
      const hiDpi = await context.newPage();
      await hiDpi.goto(page.url());
      const box = hiDpi.getByTestId('price-chart');
      await box.scrollIntoViewIfNeeded({ timeout: 30_000 });
      await box.and(hiDpi.locator('[data-bars]')).waitFor({ timeout: 15_000 });
      await expect.poll(() => canvasInk(box.locator('canvas'))).toBeGreaterThan(INKED);
      const first = await canvasScreenshot(box.locator('canvas'));
      // The page posts each new size; the worker redraws at it (chart.resize).
      await hiDpi.setViewportSize({ width: 900, height: 900 });
      await expect.poll(() => canvasScreenshot(box.locator('canvas'))).not.toBe(first);
      await hiDpi.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(() => canvasScreenshot(box.locator('canvas'))).toBe(first);
    } finally {
      await context.close();
    }
  });

  it("keeps chart.js out of the JavaScript '/' loads up front", async () => {
    const html = await (await fetch(`${url}/`)).text();
    const upFront = [
      ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
    ].map((m) => m[1]!);
    expect(upFront.length).toBeGreaterThan(0);
    for (const src of upFront) {
      const code = await (await fetch(new URL(src, url))).text();
      expect(code.includes(CHART_JS_TEXT), src).toBe(false);
    }
  });
});
