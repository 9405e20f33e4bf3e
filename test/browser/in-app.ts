import type { Page } from 'playwright-core';

/** A path no route matches: the SPA's own not-found page. */
export const NOT_FOUND_PATH = '/no/such/page';

/** Where an in-app navigation came to rest: the path (after any guard's redirect) and heading. */
export interface Settled {
  readonly path: string;
  readonly title: string;
}

/**
 * Opens the path inside the running SPA, as a link or the back button does (the router follows
 * popstate): the guards decide on the session already in memory, and no page load is paid. The
 * page first goes to the not-found page, so the heading awaited afterwards cannot be the previous
 * screen's, kept on screen while the next screen's code loads; then the heading and the path must
 * hold still for a few frames, so a guard's redirect has happened.
 */
export async function openInApp(page: Page, path: string, timeout = 15_000): Promise<Settled> {
  const go = (to: string) =>
    page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, to);
  await go(NOT_FOUND_PATH);
  await page.locator('main h1', { hasText: 'Page not found' }).first().waitFor({ timeout });
  await go(path);
  const settled = page.waitForFunction(
    () => {
      const w = window as unknown as { inAppLast?: string; inAppSame?: number };
      const title = document.querySelector('main h1')?.textContent?.trim() ?? '';
      if (!title || title === 'Page not found') return false;
      const now = `${location.pathname}\n${title}`;
      w.inAppSame = w.inAppLast === now ? (w.inAppSame ?? 0) + 1 : 0;
      w.inAppLast = now;
      return w.inAppSame >= 3 ? { path: location.pathname, title } : false;
    },
    undefined,
    { polling: 'raf', timeout },
  );
  try {
    return (await (await settled).jsonValue()) as Settled;
  } catch (error) {
    const where = await page.evaluate(
      () => `${location.pathname}: "${document.querySelector('main h1')?.textContent ?? ''}"`,
    );
    throw new Error(`${path} did not settle (at ${where})`, { cause: error });
  }
}
