import { seriousAxeViolations } from './axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/** The SPA shell in real Chromium against the running local stack. */
describe('SPA shell in Chromium', () => {
  const stack = { url: sharedStackUrl() };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const open = async (path: string) => {
    await page.goto(`${stack.url}${path}`);
    await page.locator('main h1').first().waitFor();
  };

  it('serves the SPA for routes with a dot (/stocks/ABC.L) but 404s a missing asset', async () => {
    const page = await fetch(`${stack.url}/stocks/ABC.L`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`${stack.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
  });

  it('shows header, Home tab and footer on home', async () => {
    await open('/home');
    await expect(
      page.getByRole('link', { name: 'StockScope home' }).getAttribute('href'),
    ).resolves.toBe('/home');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count()).toBe(1);
    expect(await page.getByRole('contentinfo').textContent()).toContain('© 2025');
  });

  it.each(['/about', '/contact', '/privacy', '/disclaimer'])(
    'renders %s lazily with the footer',
    async (path) => {
      await open(path);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
    },
  );

  it('shows /401 and a not-found page for unknown routes, both PUBLIC with the footer', async () => {
    await open('/401');
    expect(await page.locator('main h1').textContent()).toBe('Access denied');
    await open('/no/such/page');
    expect(await page.locator('main h1').textContent()).toBe('Page not found');
    expect(await page.getByRole('contentinfo').count()).toBe(1);
  });

  it('hides the footer on a route that is not PUBLIC', async () => {
    await open('/admin/settings');
    expect(await page.getByRole('contentinfo').count()).toBe(0);
  });

  // The switch applied a pinned theme in an effect, after React's first frame had painted in the
  // system's theme: a flash of the wrong theme on every page load.
  it('draws the first frame in the theme the visitor pinned, not the system one', async () => {
    const pinned = await browser.newContext({ colorScheme: 'light' });
    try {
      const themed = await pinned.newPage();
      await themed.addInitScript(() => {
        window.localStorage.setItem('theme', 'dark');
        const seen = window as unknown as { themeAtFirstFrame?: string };
        new MutationObserver((_, observer) => {
          if (!document.querySelector('#root > *')) return;
          seen.themeAtFirstFrame = document.documentElement.dataset.theme ?? 'none';
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await themed.goto(`${stack.url}/about`);
      await themed.locator('main h1').first().waitFor();
      const first = await themed.evaluate(
        () => (window as unknown as { themeAtFirstFrame?: string }).themeAtFirstFrame,
      );
      expect(first).toBe('dark');
      await expect(themed.getByRole('button', { name: /^Theme: Dark\./ }).count()).resolves.toBe(1);
    } finally {
      await pinned.close();
    }
  });

  it.each(['/home', '/about', '/contact', '/privacy', '/disclaimer', '/401'])(
    'has no serious or critical axe violations on %s',
    async (path) => {
      await open(path);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
  );
});
