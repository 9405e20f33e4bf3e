import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtagScriptUrl } from '../../core/analytics';
import { launchChromium } from './chromium';
import { cspViolations, serveProductionCsp } from './production-csp';
import { sharedStackUrl } from '../support/shared-stack-info';

const ANALYTICS_ID = 'G-TEST12345';
/** web-vitals finalises a metric in an idle callback capped at 1 s; a busy 2-core machine is slower. */
const REPORT_TIMEOUT_MS = 15_000;
const WEB_VITALS_CHUNK = /\/assets\/web-vitals-[^/]*\.js$/;

/** One line of the console sink, e.g. "[web-vitals] LCP 1234 ms (good)", as name → value. */
const CONSOLE_LINE =
  /^\[web-vitals\] (LCP|INP|CLS) ([\d.]+)(?: ms)? \((good|needs-improvement|poor)\)$/;

type Globals = {
  dataLayer?: ArrayLike<unknown>[];
  gtagLoaded?: boolean;
};

/**
 * §7's web-vitals reporter in the built SPA, in Chromium against the shared local stack: the
 * reporter loads after the first paint when idle, and the metrics reach the console (locally) or
 * GA4's dataLayer (when config.json names a property).
 */
describe('web vitals (§7)', () => {
  const url = sharedStackUrl();
  let browser: Browser;

  /**
   * Opens the home page and waits until the reporter is listening: the lazy chunk has arrived and
   * the page has had an idle moment since (the chunk's module runs, then registers onLCP/onINP/onCLS).
   */
  const open = async (setUp?: (context: BrowserContext) => Promise<void>) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await setUp?.(context);
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const lines: string[] = [];
    page.on('console', (message) => lines.push(message.text()));
    const chunk = page.waitForResponse((r) => WEB_VITALS_CHUNK.test(new URL(r.url()).pathname), {
      timeout: REPORT_TIMEOUT_MS,
    });
    await page.goto(`${url}/home`);
    await page.getByRole('heading', { level: 1, name: 'Markets today' }).waitFor();
    await chunk;
    await idle(page);
    return { page, requests, lines };
  };

  /** Resolves at the page's next idle moment (after the loaded chunk has run). */
  const idle = (page: Page) =>
    page.evaluate(
      () => new Promise<void>((done) => requestIdleCallback(() => done(), { timeout: 2_000 })),
    );

  /**
   * A real (trusted) click on the page's heading: web-vitals finalises LCP at the first input, and
   * a click is an interaction INP measures. Synthetic events do not count (web-vitals checks
   * isTrusted), so this goes through Chromium's input pipeline.
   */
  const interact = async (page: Page) => {
    await page.getByRole('heading', { level: 1, name: 'Markets today' }).click();
    // Event Timing hands the click's entry over after the next paint, and web-vitals files it in
    // an idle callback: hidden before both, the page would have no interaction to report as INP.
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          new PerformanceObserver((list, observer) => {
            if (list.getEntries().length === 0) return;
            observer.disconnect();
            done();
          }).observe({ type: 'first-input', buffered: true }),
        ),
    );
    await idle(page);
    await idle(page);
  };

  /**
   * The visitor leaves the tab: web-vitals reports CLS and INP when the page turns hidden. Headless
   * Chromium has no other tab to switch to, so the page is told it is hidden, as a tab switch would.
   */
  const hide = (page: Page) =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });

  const reported = (lines: readonly string[]) =>
    new Map(
      lines.flatMap((line) => {
        const match = CONSOLE_LINE.exec(line);
        return match ? [[match[1]!, { value: Number(match[2]), rating: match[3]! }] as const] : [];
      }),
    );

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps web-vitals out of the first bundle, loads it after the page, and logs LCP, INP and CLS to the console without an id', async () => {
    const html = await (await fetch(`${url}/`)).text();
    expect(html).not.toMatch(/web-vitals/);
    const { page, requests, lines } = await open();

    await interact(page);
    await expect.poll(() => reported(lines).has('LCP'), { timeout: REPORT_TIMEOUT_MS }).toBe(true);
    const lcp = reported(lines).get('LCP')!;
    // A paint of this page, after navigation and before the click (the test's whole budget).
    expect(lcp.value).toBeGreaterThan(0);
    expect(lcp.value).toBeLessThan(60_000);

    await hide(page);
    await expect
      .poll(() => ['CLS', 'INP'].filter((name) => reported(lines).has(name)), {
        timeout: REPORT_TIMEOUT_MS,
      })
      .toEqual(['CLS', 'INP']);
    const { CLS: cls, INP: inp } = Object.fromEntries(reported(lines));
    // The home page reserves its space (CLS stays 0); a click on a heading is quick.
    expect(cls!.value).toBeGreaterThanOrEqual(0);
    expect(cls!.value).toBeLessThan(0.1);
    expect(cls!.rating).toBe('good');
    expect(inp!.value).toBeGreaterThanOrEqual(0);
    expect(inp!.value).toBeLessThan(10_000);
    // Each metric once: web-vitals reports a final value, not every change.
    expect(lines.filter((l) => CONSOLE_LINE.test(l))).toHaveLength(3);
    expect(requests.some((r) => r.includes('googletagmanager'))).toBe(false);
  });

  it('with an id in config.json, queues the metrics as GA4 events and loads gtag.js under the production CSP', async () => {
    const gtagLoads: string[] = [];
    const { page, requests } = await open(async (context) => {
      await serveProductionCsp(context, { analytics: true });
      // Registered after the policy's route, so these answer first (Playwright's last-in order).
      await context.route('https://www.googletagmanager.com/**', (route) => {
        // No network here: a stand-in gtag.js that only says it ran (the real one would also
        // drain dataLayer to Google, which the assertions below read instead).
        gtagLoads.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: 'window.gtagLoaded = true;' });
      });
      await context.route('**/config.json', async (route) => {
        // The deploy writes the id into config.json (infra/aws/analytics-context.ts).
        const served = (await (await route.fetch()).json()) as Record<string, unknown>;
        return route.fulfill({ json: { ...served, analyticsId: ANALYTICS_ID } });
      });
    });
    const events = () =>
      page.evaluate(() =>
        ((window as unknown as Globals).dataLayer ?? [])
          .map((args) => Array.from(args))
          .filter((args) => args[0] === 'event')
          .map(([, name, params]) => ({
            name: name as string,
            params: params as { value: number; metric_value: number; non_interaction: boolean },
          })),
      );

    await interact(page);
    await expect
      .poll(async () => (await events()).map((e) => e.name), { timeout: REPORT_TIMEOUT_MS })
      .toEqual(['LCP']);
    await hide(page);
    await expect
      .poll(async () => (await events()).map((e) => e.name).sort(), { timeout: REPORT_TIMEOUT_MS })
      .toEqual(['CLS', 'INP', 'LCP']);

    const byName = new Map((await events()).map((e) => [e.name, e.params]));
    expect(byName.get('LCP')!.metric_value).toBeGreaterThan(0);
    expect(byName.get('CLS')!.metric_value).toBeLessThan(0.1);
    for (const params of byName.values()) {
      // A first report's delta is its value; GA4 sums the deltas.
      expect(params.value).toBe(params.metric_value);
      expect(params.non_interaction).toBe(true);
    }
    const commands = await page.evaluate(() =>
      ((window as unknown as Globals).dataLayer ?? []).map((args) => Array.from(args)[0]),
    );
    expect(commands.slice(0, 2)).toEqual(['js', 'config']);
    expect(gtagLoads).toEqual([gtagScriptUrl(ANALYTICS_ID)]);
    expect(requests.filter((r) => r.startsWith('https://'))).toEqual(gtagLoads);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as Globals).gtagLoaded))
      .toBe(true);
    expect(await cspViolations(page)).toEqual([]);
  });
});
