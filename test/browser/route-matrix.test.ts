import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet, type Resource } from '../../core/permissions';
import { findRoute, mayOpen, ROUTES, type AccessSession } from '../../core/routes';
import {
  createAccount,
  login,
  newAccount,
  setEditorPermissions,
  stackConfig,
  type NewAccount,
} from './accounts';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';
import { subscribeToPremium } from './premium';
import { NOT_FOUND_PATH, openInApp as openInAppAt } from './in-app';

const withRead = (...resources: Resource[]): PermissionSet =>
  resources.reduce<PermissionSet>(
    (set, resource) => ({ ...set, [resource]: { ...set[resource], read: [ALL] } }),
    emptyPermissionSet(),
  );

const ROLE_NAMES = [
  'anonymous',
  'user',
  'premium user',
  'admin',
  'editor without permissions',
  'editor with SHARIAH read',
  'editor with USERS read',
  'editor with item reads',
] as const;
type RoleName = (typeof ROLE_NAMES)[number];

interface Role {
  readonly name: RoleName;
  readonly signedIn: boolean;
  readonly group?: 'admin' | 'editor';
  readonly permissions?: PermissionSet;
  /** Subscribed to Premium through the local Stripe's checkout before the walk. */
  readonly premium?: boolean;
}

const ROLES: readonly Role[] = [
  { name: 'anonymous', signedIn: false },
  { name: 'user', signedIn: true },
  { name: 'premium user', signedIn: true, premium: true },
  { name: 'admin', signedIn: true, group: 'admin' },
  // No stored set: the permission lookup answers the empty set for an editor (nothing allowed).
  { name: 'editor without permissions', signedIn: true, group: 'editor' },
  {
    name: 'editor with SHARIAH read',
    signedIn: true,
    group: 'editor',
    permissions: withRead('SHARIAH'),
  },
  {
    name: 'editor with USERS read',
    signedIn: true,
    group: 'editor',
    permissions: withRead('USERS'),
  },
  // Read on the item resources opens their settings areas (§6 leaves them open).
  {
    name: 'editor with item reads',
    signedIn: true,
    group: 'editor',
    permissions: withRead('STOCKS', 'SHEETS', 'ANALYST', 'DESCRIPTION'),
  },
];

/** What a cell shows: the page itself, the sign-in prompt, a redirect, /401 or not-found. */
type Cell = 'page' | 'sign-in' | '/dashboard/' | '/admin/dashboard/' | '/401' | 'not-found';

/** One row per group of routes: the cell of each role, in ROLE_NAMES order. */
const row = (...cells: readonly Cell[]) =>
  Object.fromEntries(ROLE_NAMES.map((name, i) => [name, cells[i]!])) as Record<RoleName, Cell>;

const EVERYONE = row('page', 'page', 'page', 'page', 'page', 'page', 'page', 'page');
/** §2 PROTECTED: guests see it; a user goes to /dashboard/, an admin or editor to /admin/…. */
const GUEST_ONLY = row(
  'page',
  '/dashboard/',
  '/dashboard/',
  '/admin/dashboard/',
  '/admin/dashboard/',
  '/admin/dashboard/',
  '/admin/dashboard/',
  '/admin/dashboard/',
);
/** §6: an admin or editor on a user-only route goes to /401. */
const USER_ONLY = row('sign-in', 'page', 'page', '/401', '/401', '/401', '/401', '/401');
/** §6: admins always pass; editors pass unless the path includes settings. */
const ADMIN_AREA = row('sign-in', '/401', '/401', 'page', 'page', 'page', 'page', 'page');
/** §6: the settings index and /editors send every editor to /401. */
const SETTINGS = row('sign-in', '/401', '/401', 'page', '/401', '/401', '/401', '/401');
/** The stocks, sheets, analyst and description areas need read on their resource. */
const ITEM_SETTINGS = row('sign-in', '/401', '/401', 'page', '/401', '/401', '/401', 'page');
/** §6: an editor needs read on SHARIAH for /shariah … */
const SHARIAH_SETTINGS = row('sign-in', '/401', '/401', 'page', '/401', 'page', '/401', '/401');
/** … and read on USERS for /users. */
const USERS_SETTINGS = row('sign-in', '/401', '/401', 'page', '/401', '/401', 'page', '/401');

/**
 * SPEC §2's route table × §6's roles, written out cell by cell from the spec's words (not computed
 * by core's decideAccess, which this test checks the SPA against independently).
 */
const EXPECTED: Readonly<Record<string, Record<RoleName, Cell>>> = {
  '/': EVERYONE,
  '/home': EVERYONE,
  '/about': EVERYONE,
  '/contact': EVERYONE,
  '/privacy': EVERYONE,
  '/disclaimer': EVERYONE,
  '/401': EVERYONE,
  '/dashboard': EVERYONE,
  '/stocks/:symbol': EVERYONE,
  '/login': GUEST_ONLY,
  '/register': GUEST_ONLY,
  '/verify-code': GUEST_ONLY,
  '/forget-password': GUEST_ONLY,
  '/profile': USER_ONLY,
  '/payment-success': USER_ONLY,
  '/screener': USER_ONLY,
  '/analysis': USER_ONLY,
  '/calender': USER_ONLY,
  '/admin/dashboard': ADMIN_AREA,
  // Beyond §2's table: the staff's own profile (an admin path without 'settings', §6).
  '/admin/profile': ADMIN_AREA,
  '/admin/screener': ADMIN_AREA,
  '/admin/analysis': ADMIN_AREA,
  '/admin/calender': ADMIN_AREA,
  '/admin/settings': SETTINGS,
  '/admin/settings/stocks': ITEM_SETTINGS,
  '/admin/settings/stocks/add': ITEM_SETTINGS,
  '/admin/settings/stocks/detail/:isin': ITEM_SETTINGS,
  '/admin/settings/sheets': ITEM_SETTINGS,
  '/admin/settings/sheets/:isin': ITEM_SETTINGS,
  '/admin/settings/sheets/:isin/add': ITEM_SETTINGS,
  '/admin/settings/sheets/:isin/edit/:id': ITEM_SETTINGS,
  '/admin/settings/users': USERS_SETTINGS,
  '/admin/settings/analyst': ITEM_SETTINGS,
  '/admin/settings/shariah': SHARIAH_SETTINGS,
  '/admin/settings/description': ITEM_SETTINGS,
  '/admin/settings/editors': SETTINGS,
  // The catch-all (PUBLIC): the not-found page for everyone.
  '/no/such/page': row(
    'not-found',
    'not-found',
    'not-found',
    'not-found',
    'not-found',
    'not-found',
    'not-found',
    'not-found',
  ),
};

/** The h1 each of these screens shows when it renders (the others: any page heading). */
const TITLES: Readonly<Record<string, string>> = {
  '/401': 'Access denied',
  '/dashboard': 'Dashboard',
  '/login': 'Log in to your account',
  '/register': 'Create your free account',
  '/verify-code': 'Verify your e-mail address',
  '/forget-password': 'Forgot your password?',
  '/profile': 'Your profile',
  // Opened without a checkout's session_id: nothing to confirm, and it says so (never a success).
  '/payment-success': 'Checkout not found',
  '/screener': 'Stock screener',
  '/analysis': 'Compare stocks',
  '/calender': 'Market calendar',
  '/admin/dashboard': 'Admin dashboard',
  '/admin/profile': 'Your profile',
  '/admin/screener': 'Stock screener',
  '/admin/analysis': 'Compare stocks',
  '/admin/calender': 'Market calendar',
  '/admin/settings': 'Settings',
  '/admin/settings/stocks': 'Stocks',
  '/admin/settings/stocks/add': 'Add a stock',
  // The matrix opens these with an ISIN no stock has: the screen says so under its heading.
  '/admin/settings/stocks/detail/:isin': 'Stock US0000000001',
  '/admin/settings/sheets': 'Sheets',
  '/admin/settings/sheets/:isin': 'Sheets of US0000000001',
  '/admin/settings/sheets/:isin/add': 'Add a sheet',
  '/admin/settings/sheets/:isin/edit/:id': 'Sheet sheet-1',
  '/admin/settings/users': 'Users',
  '/admin/settings/analyst': 'Analysts',
  '/admin/settings/shariah': 'Shariah',
  '/admin/settings/description': 'Descriptions',
  '/admin/settings/editors': 'Editors',
};

const GUARD_TITLES = new Set(['Sign in required', 'Page not found']);
/** The page a redirect lands on, by its heading. */
const LANDING_TITLES: Readonly<Record<string, string>> = {
  '/dashboard/': 'Dashboard',
  '/admin/dashboard/': 'Admin dashboard',
  '/401': 'Access denied',
};

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The cells opened as deep links: per role, one route of each row above (a different one for each
 * role, so the deep links spread over the table), the first cell (the page has no SPA running
 * before it) and the not-found path. A full page load costs a
 * second or more of Chromium's time (the bundle parsed again, the session restored, React's
 * Suspense reveal held back 300 ms), and the guard decides with the same code either way; the
 * other cells navigate inside the running SPA.
 */
function deepLinked(role: RoleName): ReadonlySet<string> {
  const groups = new Map<Record<RoleName, Cell>, string[]>();
  for (const [pattern, cells] of Object.entries(EXPECTED)) {
    groups.set(cells, [...(groups.get(cells) ?? []), pattern]);
  }
  const index = ROLE_NAMES.indexOf(role);
  const chosen = [...groups.values()].map((patterns) => patterns[index % patterns.length]!);
  return new Set([...chosen, Object.keys(EXPECTED)[0]!, NOT_FOUND_PATH]);
}

/** The session core's rule sees for a role (what the SPA's guard and links decide with). */
const sessionOf = (role: Role): AccessSession => ({
  isInitialized: true,
  isAuthenticated: role.signedIn,
  isAdmin: role.group === 'admin',
  isEditor: role.group === 'editor',
  permissions: role.permissions ?? null,
});

/**
 * Runs in every page before the app: remembers each in-app link that is ever drawn, with the path
 * it was drawn on, so links that appear only once data loads are walked too. One scan per frame
 * with changes keeps it cheap on long tables.
 */
function recordLinks() {
  const w = window as unknown as { matrixLinks?: Set<string> };
  w.matrixLinks = new Set();
  let queued = false;
  const scan = () => {
    queued = false;
    for (const a of Array.from(document.querySelectorAll('a[href]'))) {
      const href = a.getAttribute('href') ?? '';
      const target = new URL(href, location.href);
      // Screens only: not the API (downloads), the payment provider's pages or blob: files.
      const screenPath = target.origin === location.origin && target.protocol === location.protocol;
      if (!screenPath || /^\/(api|checkout)\//.test(target.pathname)) continue;
      w.matrixLinks!.add(`${location.pathname}\n${target.pathname}`);
    }
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(scan);
  }).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['href'],
  });
}

/** The links the page drew since the last read (the recorder's set is emptied). */
async function drawnLinks(page: Page): Promise<{ from: string; to: string }[]> {
  const pairs = await page.evaluate(() => {
    const w = window as unknown as { matrixLinks?: Set<string> };
    const seen = [...(w.matrixLinks ?? [])];
    w.matrixLinks?.clear();
    return seen;
  });
  return pairs.map((pair) => {
    const [from = '', to = ''] = pair.split('\n');
    return { from, to };
  });
}

/**
 * SPEC §2 × §6 in Chromium: every route of the table (and an unknown path) for every role, each
 * cell as the spec says: the page, the sign-in prompt, /dashboard/, /admin/dashboard/, /401 or the
 * not-found page.
 */
describe('route matrix: every §2 route × every role', () => {
  const url = sharedStackUrl();
  let browser: Browser;
  let symbol = 'ACME';
  const pages = new Map<RoleName, Page>();

  beforeAll(async () => {
    browser = await launchChromium();
    const config = await stackConfig(url);
    const search = (await (await fetch(`${url}/api/asset/stocks/search?limit=1`)).json()) as {
      data: { symbol: string }[];
    };
    symbol = search.data[0]?.symbol ?? symbol;
    // The accounts one after another: the identity service answers a burst of sign-ups and the
    // demo admin's sign-ins slowly on a loaded machine, and these calls are cheap one by one.
    const accounts = new Map<RoleName, NewAccount>();
    for (const role of ROLES.filter((r) => r.signedIn)) {
      const account: NewAccount = newAccount(role.name.replace(/\W+/g, '-'));
      await createAccount(config, account, role.group ? { group: role.group } : {});
      if (role.permissions) {
        await setEditorPermissions(url, config, account.email, role.permissions);
      }
      accounts.set(role.name, account);
    }
    await Promise.all(
      ROLES.map(async (role) => {
        const page = await (await browser.newContext()).newPage();
        await page.addInitScript(recordLinks);
        pages.set(role.name, page);
        const account = accounts.get(role.name);
        if (!account) return;
        await login(page, url, account);
        if (role.premium) await subscribeToPremium(page, url);
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  const concrete = (path: string) =>
    path
      .replace(':symbol', encodeURIComponent(symbol))
      .replace(':isin', 'US0000000001')
      .replace(':id', 'sheet-1');

  /** Reads the cell a page shows once its heading is drawn, from the heading and the path. */
  function cellOf(path: string, title: string, finalPath: string): string {
    if (title === 'Sign in required') return 'sign-in';
    if (title === 'Page not found') return 'not-found';
    if (normalise(finalPath) === normalise(path)) return 'page';
    return finalPath;
  }

  /** Opens the path as a deep link (a full page load, the session restored from storage). */
  async function openDeepLink(page: Page, path: string): Promise<{ cell: string; title: string }> {
    // Committed, not 'load': the heading below is the proof the page ran, and under a loaded CI
    // one 'load' of /home outlasted the 30 s navigation time-out.
    await page.goto(`${url}${path}`, { waitUntil: 'commit' });
    const heading = page.locator('main h1').first();
    await heading.waitFor({ timeout: 15_000 });
    const title = (await heading.textContent())?.trim() ?? '';
    return { cell: cellOf(path, title, new URL(page.url()).pathname), title };
  }

  /** The cell a path shows when opened inside the running SPA (./in-app.ts). */
  async function openInApp(page: Page, path: string): Promise<{ cell: string; title: string }> {
    const settled = await openInAppAt(page, path);
    return { cell: cellOf(path, settled.title, settled.path), title: settled.title };
  }

  it('has a row for every route of the table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(
      [...ROUTES.map((route) => route.path), '/no/such/page'].sort(),
    );
  });

  it('shows, in every cell, what §2 and §6 say', async () => {
    const seen = await Promise.all(
      ROLES.map(async (role) => {
        const page = pages.get(role.name)!;
        const rows: {
          pattern: string;
          where: string;
          expected: Cell;
          cell: string;
          title: string;
        }[] = [];
        const links: { from: string; to: string }[] = [];
        const visited = new Map<string, string>();
        for (const [pattern, cells] of Object.entries(EXPECTED)) {
          const path = concrete(pattern);
          const deep = deepLinked(role.name).has(pattern);
          // A deep link loads a new document: the links the last one drew are read first.
          links.push(...(await drawnLinks(page)));
          const { cell, title } = deep
            ? await openDeepLink(page, path)
            : await openInApp(page, path);
          links.push(...(await drawnLinks(page)));
          visited.set(path, cell);
          rows.push({
            pattern,
            where: `${role.name} ${path} (${deep ? 'deep link' : 'in the app'})`,
            expected: cells[role.name],
            cell,
            title,
          });
        }
        // Every link drawn: the rule the SPA draws links by must allow it, and following it must
        // not end on /401 or the not-found page. Each route was opened above; a link to another
        // value of a route's parameter (a symbol, an ISIN) is followed once per route.
        const followed = new Set<string>();
        for (const { to } of links) {
          const pattern = findRoute(to)?.path;
          if (!pattern || visited.has(to) || followed.has(pattern)) continue;
          if (!pattern.includes(':')) continue;
          followed.add(pattern);
          visited.set(to, (await openInApp(page, to)).cell);
        }
        const byPattern = new Map(rows.map((r) => [r.pattern, r.cell]));
        const deadEnds = new Set<string>();
        for (const { from, to } of links) {
          const pattern = findRoute(to)?.path;
          const cell = visited.get(to) ?? (pattern ? byPattern.get(pattern) : 'not-found');
          if (!mayOpen(to, sessionOf(role)) || cell === '/401' || cell === 'not-found') {
            deadEnds.add(`${role.name}: the link to ${to} on ${from} leads to ${cell}`);
          }
        }
        return { rows, deadEnds: [...deadEnds], links: new Set(links.map((l) => l.to)).size };
      }),
    );
    const mismatches: string[] = seen.flatMap((walk) => walk.deadEnds);
    // The recorder works: every role is shown some links (the header's at least).
    for (const walk of seen) expect(walk.links).toBeGreaterThan(0);
    for (const { pattern, where, expected, cell, title } of seen.flatMap((walk) => walk.rows)) {
      if (cell !== expected) {
        mismatches.push(`${where}: expected ${expected}, saw ${cell} ("${title}")`);
      } else if (cell === 'page') {
        // The screen itself, not a guard's panel in its place.
        const want = TITLES[pattern];
        if (want ? title !== want : GUARD_TITLES.has(title)) {
          mismatches.push(`${where}: rendered "${title}", expected "${want ?? 'its page'}"`);
        }
      } else if (LANDING_TITLES[cell] && title !== LANDING_TITLES[cell]) {
        mismatches.push(`${where}: landed on "${title}", expected "${LANDING_TITLES[cell]}"`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(seen.flatMap((walk) => walk.rows)).toHaveLength(
      ROLES.length * Object.keys(EXPECTED).length,
    );
  }, 300_000);
});
