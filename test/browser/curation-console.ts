import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { isinCheckDigit } from '../../core/isin';
import { decodeStockList, type CompactStockList } from '../../core/stock-list';
import {
  createAccount,
  login,
  newAccount,
  stackConfig,
  type NewAccount,
  type StackConfig,
} from './accounts';
import { launchChromium } from './chromium';
import { sharedStackUrl } from '../support/shared-stack-info';

/**
 * What every curation browser test file needs on the shared local stack: one Chromium for the
 * file, a fresh context per page, an admin account of its own, axe, and the demo companies the
 * file curates (no two files curate the same company, so files running side by side never meet).
 */
export interface CurationConsole {
  /** The shared stack's base URL. */
  readonly url: string;
  /** The stack's identity settings (after the file's beforeAll). */
  config(): StackConfig;
  /** The file's own admin (after the file's beforeAll). */
  admin(): NewAccount;
  /** A page in a fresh browser context (no cookies or storage shared with other pages). */
  newPage(): Promise<Page>;
  /** A fresh page signed in as the file's admin. */
  adminPage(): Promise<Page>;
}

/** Registers the file's beforeAll (Chromium, stack config, an admin tagged `tag`) and afterAll. */
export function curationConsole(tag: string): CurationConsole {
  const url = sharedStackUrl();
  let browser: Browser | undefined;
  let config: StackConfig | undefined;
  let admin: NewAccount | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    config = await stackConfig(url);
    admin = newAccount(tag);
    await createAccount(config, admin, { group: 'admin' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: use it inside a test`);
    return value;
  };
  const newPage = async (): Promise<Page> =>
    (
      await ready(browser, 'Chromium').newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();

  return {
    url,
    config: () => ready(config, 'The stack config'),
    admin: () => ready(admin, 'The admin account'),
    newPage,
    adminPage: async () => {
      const page = await newPage();
      await login(page, url, ready(admin, 'The admin account'));
      return page;
    },
  };
}

/** Fills each field found by its exact label. */
export async function fill(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Waits for the status line an edit screen shows after a save. */
export async function saved(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /Saved as version \d+\./ })
    .waitFor();
}

/**
 * Demo companies each file curates, taken from the end of the non-NASDAQ list (the other browser
 * tests read NASDAQ stocks): disjoint slices, so no two files edit one company's data.
 */
const DEMO_COMPANY_SLICES = {
  description: [-2, undefined],
  sheets: [-4, -2],
  analyst: [-6, -4],
  overview: [-8, -6],
} as const satisfies Record<string, readonly [number, number | undefined]>;

export async function demoCompaniesFor(
  url: string,
  file: keyof typeof DEMO_COMPANY_SLICES,
): Promise<{ symbol: string; name: string }[]> {
  const response = await fetch(`${url}/api/asset/stocks/list?all=true`);
  const [list] = ((await response.json()) as { data: CompactStockList[] }).data;
  const [start, end] = DEMO_COMPANY_SLICES[file];
  return decodeStockList(list!)
    .filter((s) => s.exchangeShortName !== 'NASDAQ')
    .slice(start, end)
    .map(({ symbol, name }) => ({ symbol, name }));
}

/**
 * A symbol and ISIN no other run has used: the shared stack outlives one test file, and each file
 * that adds stocks passes its own `prefix` (two letters) and ISIN `series` (a digit), so files
 * adding stocks at the same moment never pick the same ones.
 */
export function newStockIdentity(
  prefix: string,
  series: number,
): { symbol: string; isin: string; first11: string } {
  const suffix = String(Date.now() % 100_000).padStart(5, '0');
  const first11 = `US000${series}${suffix}`;
  return { symbol: `${prefix}${suffix}`, isin: `${first11}${isinCheckDigit(first11)}`, first11 };
}

/** A GraphQL call to the shared stack with an ID token; throws on any error it answers. */
export async function graphqlAs(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data!;
}
