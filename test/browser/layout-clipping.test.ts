import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideAccess, ROUTES, type AccessSession, type RouteEntry } from '../../core/routes';
import { DEMO_ACCOUNTS, type DemoAccount } from '../../infra/local/demo-accounts';
import { createAccount, login, newAccount, stackConfig } from './accounts';
import { subscribeToPremium } from './premium';
import { launchChromium } from './chromium';
import { seriousAxeViolations } from './axe';
import { screenshot } from './artifacts';
import { sharedStackUrl } from '../support/shared-stack-info';
import { openInApp } from './in-app';
import { layoutProblems } from './layout-problems';

/** A laptop and a phone: where wide tables, long e-mails and the header's buttons meet their edge. */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];
/** Controls on one row: their vertical centres within this many pixels. */
const SAME_ROW_PX = 4;
/** Column headers a phone shows beside the frozen first column without scrolling, per route. */
const PHONE_FIRST_VIEW: Readonly<Record<string, readonly string[]>> = {
  '/screener': ['Price'],
  '/admin/screener': ['Price'],
};

/**
 * Who opens the screens: a visitor, the demo user (Free: the Premium screens show their gate), a
 * new user who subscribes to Premium (the calendar, exports and the rest behind the gate) and the
 * demo admin (an editor sees the admin's screens, with fewer controls).
 */
interface LayoutRole {
  readonly name: string;
  /** A demo account, or 'premium': a new account that subscribes first. */
  readonly account: DemoAccount | 'premium' | undefined;
  /** The routes of which role of core/routes.ts. */
  readonly routeRole: 'user' | 'admin' | undefined;
}
const ROLES: readonly LayoutRole[] = [
  { name: 'anonymous', account: undefined, routeRole: undefined },
  { name: 'user', account: DEMO_ACCOUNTS.find((a) => !a.group), routeRole: 'user' },
  { name: 'premium', account: 'premium', routeRole: 'user' },
  { name: 'admin', account: DEMO_ACCOUNTS.find((a) => a.group === 'admin'), routeRole: 'admin' },
];

const sessionOf = (role: LayoutRole): AccessSession => ({
  isInitialized: true,
  isAuthenticated: role.routeRole !== undefined,
  isAdmin: role.routeRole === 'admin',
  isEditor: false,
  permissions: null,
});

/**
 * The routes of core/routes.ts a role is checked on: those it may open (core's own access rule),
 * a public page once as a visitor and again for each role it names (the dashboard, a stock page
 * look different signed in). A new route is checked with no list here to keep.
 */
function routesFor(role: LayoutRole): RouteEntry[] {
  return ROUTES.filter((route: RouteEntry) => {
    if (decideAccess(route.path, sessionOf(role)).kind !== 'render') return false;
    if (role.routeRole === undefined) return true;
    return (route.roles as readonly string[]).includes(role.routeRole);
  });
}

/** Whether a concrete path is an instance of a pattern with :parameters. */
const instanceOf = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]))
  );
};

/** The header's controls other than the search box (which takes its own row on phones). */
function headerRows(page: Page) {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '.site-header .wordmark, .site-header nav a, .site-header button, .site-header .header-account a',
      ),
    )
      .filter((el) => !el.closest('.search'))
      .map((el) => {
        const box = el.getBoundingClientRect();
        return {
          text: (el.textContent ?? '').trim() || el.tagName,
          middle: box.top + box.height / 2,
          width: box.width,
        };
      })
      .filter((control) => control.width > 0),
  );
}

/**
 * Every screen of core/routes.ts, as each role that may open it, at a laptop's and a phone's
 * width: nothing wider than the window, no cell or header control cutting its text, no word broken
 * inside itself, the header's controls on one row. One Chromium and one signed-in page per role;
 * after the first screen, each is opened inside the running app (as a link does) and measured at
 * both widths, so the file stays fast.
 */
describe('layout at a laptop and a phone width, every route', () => {
  const url = sharedStackUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Waits for sections drawn when idle and data still loading (a "Loading …" status). (Not Playwright's 'networkidle': on
   * the dashboard a second read of the indexes stayed pending 15 to 20 s, by all signs Chromium's
   * background revalidation of a stale-while-revalidate answer.)
   */
  const settled = (page: Page) =>
    page.waitForFunction(
      () =>
        document.querySelectorAll('.section-deferred, .skeleton, [aria-busy="true"]').length ===
          0 && !/^Loading[^\n]*…$/m.test(document.querySelector('main')?.innerText ?? ''),
      undefined,
      { timeout: 30_000 },
    );

  /** Two frames: a resize's layout (and what React redraws for it) done. */
  const frames = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    );

  async function measure(page: Page, viewport: Viewport, name: string): Promise<string[]> {
    if (page.viewportSize()?.width !== viewport.width) {
      await page.setViewportSize(viewport);
      await frames(page);
    }
    const problems = await layoutProblems(page, viewport.width >= 1024);
    const path = new URL(page.url()).pathname;
    for (const header of viewport.width < 640 ? (PHONE_FIRST_VIEW[path] ?? []) : []) {
      await page.locator('main thead th', { hasText: header }).first().waitFor();
      const inView = await page.evaluate((name) => {
        const th = Array.from(document.querySelectorAll('main thead th')).find(
          (cell) => cell.textContent?.trim() === name,
        );
        const box = th?.closest('.table-scroll');
        if (!th || !box) return false;
        return th.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1;
      }, header);
      if (!inView)
        problems.push({ where: 'phone first view', text: header, detail: 'column not in view' });
    }
    const controls = await headerRows(page);
    const middles = controls.map((c) => c.middle);
    const spread = Math.max(...middles) - Math.min(...middles);
    const found = problems.map(
      (p) => `${name} at ${viewport.width} px: ${p.where}: "${p.text}" (${p.detail})`,
    );
    if (controls.length < 2) found.push(`${name} at ${viewport.width} px: no header controls`);
    if (spread > SAME_ROW_PX)
      found.push(`${name} at ${viewport.width} px: header on two rows ${JSON.stringify(controls)}`);
    await screenshot(page, `layout-${name.replaceAll('/', '-')}-${viewport.width}`, {
      failed: found.length > 0,
    });
    return found;
  }

  /** The concrete path of a route: its pattern, or a link to it seen on an earlier screen. */
  function concrete(route: RouteEntry, links: ReadonlySet<string>): string | undefined {
    if (!route.path.includes(':')) return route.path;
    return [...links].find((link) => instanceOf(route.path, link.split('?')[0]!));
  }

  const linksOn = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('a[href^="/"]')).map(
        (a) => (a as HTMLAnchorElement).pathname + (a as HTMLAnchorElement).search,
      ),
    );

  it.concurrent.each(ROLES.map((role) => [role.name, role] as const))(
    'as %s: every screen the role may open fits both widths',
    async (_name, role) => {
      const page = await (await browser.newContext({ viewport: VIEWPORTS[0] })).newPage();
      if (role.account === 'premium') {
        const account = newAccount('layout-premium');
        await createAccount(await stackConfig(url), account);
        await login(page, url, account);
        await subscribeToPremium(page, url);
      } else if (role.account) {
        await login(page, url, { ...role.account, phone: role.account.phoneNumber });
      } else {
        await page.goto(`${url}/home`);
      }
      await page.locator('main h1').first().waitFor();
      // The home page's movers link the stock pages; the admin's screener lists them.
      await openInApp(page, role.routeRole === 'admin' ? '/admin/screener' : '/home', 30_000);
      await settled(page);
      const links = new Set(await linksOn(page));

      const pending = routesFor(role);
      const problems: string[] = [];
      let widths = [...VIEWPORTS];
      // Parameter routes wait until a screen links one of theirs (a list before its detail).
      for (let progress = true; pending.length > 0 && progress;) {
        progress = false;
        for (const route of [...pending]) {
          const path = concrete(route, links);
          if (path === undefined) continue;
          pending.splice(pending.indexOf(route), 1);
          progress = true;
          await openInApp(page, path, 30_000);
          await settled(page);
          for (const link of await linksOn(page)) links.add(link);
          const name = `${role.name}${path.split('?')[0]}`;
          for (const viewport of widths) problems.push(...(await measure(page, viewport, name)));
          if (path === '/home' && role.routeRole !== 'admin')
            expect(await seriousAxeViolations(page), `axe on ${name}`).toEqual([]);
          // Alternate the order, so each screen costs one resize.
          widths = widths.reverse();
        }
      }
      for (const route of pending)
        problems.push(`${role.name}: no screen links ${route.path}, so it was not checked`);
      await page.context().close();
      expect(problems).toEqual([]);
    },
    240_000,
  );
});
