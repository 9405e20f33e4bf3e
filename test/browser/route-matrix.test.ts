import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALL, emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import { decideAccess, ROUTES, type AccessSession } from '../../core/routes';
import {
  createAccount,
  login,
  newAccount,
  setEditorPermissions,
  stackConfig,
  type NewAccount,
} from './accounts';
import { launchChromium } from './chromium';

const withRead = (resource: 'SHARIAH' | 'USERS'): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, [resource]: { ...set[resource], read: [ALL] } };
};

interface Role {
  readonly name: string;
  /** The session core decideAccess is asked about (what the SPA should hold for this role). */
  readonly session: AccessSession;
  readonly group?: 'admin' | 'editor';
  readonly permissions?: PermissionSet;
}

const signedIn = { isInitialized: true, isAuthenticated: true, isAdmin: false, isEditor: false };
const ROLES: readonly Role[] = [
  {
    name: 'anonymous',
    session: { ...signedIn, isAuthenticated: false, permissions: null },
  },
  { name: 'user', session: { ...signedIn, permissions: null } },
  { name: 'admin', group: 'admin', session: { ...signedIn, isAdmin: true, permissions: null } },
  {
    name: 'editor without permissions',
    group: 'editor',
    // An editor without a stored set gets the empty set from the API (nothing allowed).
    session: { ...signedIn, isEditor: true, permissions: emptyPermissionSet() },
  },
  {
    name: 'editor with SHARIAH read',
    group: 'editor',
    permissions: withRead('SHARIAH'),
    session: { ...signedIn, isEditor: true, permissions: withRead('SHARIAH') },
  },
  {
    name: 'editor with USERS read',
    group: 'editor',
    permissions: withRead('USERS'),
    session: { ...signedIn, isEditor: true, permissions: withRead('USERS') },
  },
];

/** The h1 each of these screens shows when it renders (the others: any page heading). */
const TITLES: Readonly<Record<string, string>> = {
  '/401': 'Access denied',
  '/dashboard': 'Dashboard',
  '/login': 'Log in to your account',
  '/register': 'Create your free account',
  '/verify-code': 'Verify your e-mail address',
  '/forget-password': 'Forgot your password?',
  '/profile': 'Your profile',
  '/payment-success': 'Payment successful',
  '/screener': 'Stock screener',
  '/analysis': 'Stock screener',
  '/calender': 'Stock screener',
  '/admin/dashboard': 'Admin dashboard',
  '/admin/screener': 'Stock screener',
  '/admin/analysis': 'Stock screener',
  '/admin/calender': 'Stock screener',
  '/admin/settings': 'Settings',
  '/admin/settings/stocks': 'Stocks',
  '/admin/settings/stocks/add': 'Stocks: Add a stock',
  '/admin/settings/stocks/detail/:isin': 'Stocks: Stock detail',
  '/admin/settings/sheets': 'Sheets',
  '/admin/settings/sheets/:isin': 'Sheets: Sheets of a stock',
  '/admin/settings/sheets/:isin/add': 'Sheets: Add a sheet',
  '/admin/settings/sheets/:isin/edit/:id': 'Sheets: Edit a sheet',
  '/admin/settings/users': 'Users',
  '/admin/settings/analyst': 'Analysts',
  '/admin/settings/shariah': 'Shariah',
  '/admin/settings/description': 'Descriptions',
  '/admin/settings/editors': 'Editors',
};

const GUARD_TITLES = new Set(['Sign in required', 'Page not found']);

/** What a visit shows, in the terms of core's decisions. */
interface Observation {
  readonly kind: string;
  readonly to?: string;
  readonly title?: string;
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * SPEC §2 × §6 in Chromium: every route of the table (and an unknown path) for every role, each
 * cell as core decideAccess says: the page, the sign-in prompt, /dashboard/, /admin/dashboard/,
 * /401 or the not-found page.
 */
describe('route matrix: every §2 route × every role', () => {
  const url = inject('stackUrl');
  let browser: Browser;
  let symbol = 'ACME';
  const pages = new Map<string, Page>();

  beforeAll(async () => {
    browser = await launchChromium();
    const config = await stackConfig(url);
    const search = (await (await fetch(`${url}/api/asset/stocks/search?limit=1`)).json()) as {
      data: { symbol: string }[];
    };
    symbol = search.data[0]?.symbol ?? symbol;
    await Promise.all(
      ROLES.map(async (role) => {
        const page = await (await browser.newContext()).newPage();
        pages.set(role.name, page);
        if (role.name === 'anonymous') return;
        const account: NewAccount = newAccount(role.name.replace(/\W+/g, '-'));
        await createAccount(config, account, role.group ? { group: role.group } : {});
        if (role.permissions) {
          await setEditorPermissions(url, config, account.email, role.permissions);
        }
        await login(page, url, account);
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

  async function observe(page: Page, path: string): Promise<Observation> {
    await page.goto(`${url}${path}`);
    const heading = page.locator('main h1').first();
    await heading.waitFor({ timeout: 15_000 });
    const title = (await heading.textContent())?.trim() ?? '';
    const finalPath = new URL(page.url()).pathname;
    if (title === 'Sign in required') return { kind: 'sign-in' };
    if (title === 'Page not found') return { kind: 'not-found' };
    if (normalise(finalPath) === normalise(path)) return { kind: 'render', title };
    if (finalPath === '/401') return { kind: 'unauthorised' };
    return { kind: 'redirect', to: finalPath, title };
  }

  const paths = [...ROUTES.map((route) => route.path), '/no/such/page'];

  it('shows what core decideAccess decides, in every cell', async () => {
    const cells = await Promise.all(
      ROLES.map(async (role) => {
        const page = pages.get(role.name)!;
        const rows: { cell: string; expected: Observation; observed: Observation }[] = [];
        for (const pattern of paths) {
          const path = concrete(pattern);
          const decision = decideAccess(path, role.session);
          const expected: Observation =
            decision.kind === 'redirect'
              ? { kind: 'redirect', to: decision.to }
              : { kind: decision.kind };
          const observed = await observe(page, path);
          rows.push({ cell: `${role.name} ${path}`, expected, observed });
        }
        return rows;
      }),
    );
    const mismatches: string[] = [];
    for (const { cell, expected, observed } of cells.flat()) {
      const pattern = cell.split(' ').at(-1)!;
      if (expected.kind !== observed.kind || expected.to !== observed.to) {
        mismatches.push(
          `${cell}: expected ${JSON.stringify(expected)}, saw ${JSON.stringify(observed)}`,
        );
        continue;
      }
      if (observed.kind === 'render') {
        const route = ROUTES.find((r) => concrete(r.path) === pattern);
        const want = route ? TITLES[route.path] : undefined;
        if (want ? observed.title !== want : GUARD_TITLES.has(observed.title ?? '')) {
          mismatches.push(
            `${cell}: rendered "${observed.title}", expected "${want ?? 'its page'}"`,
          );
        }
      }
      if (observed.kind === 'redirect') {
        const want = observed.to === '/dashboard/' ? 'Dashboard' : 'Admin dashboard';
        if (observed.title !== want) {
          mismatches.push(`${cell}: landed on "${observed.title}", expected "${want}"`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(cells.flat()).toHaveLength(ROLES.length * paths.length);
  }, 300_000);
});
