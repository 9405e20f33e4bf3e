import { seriousAxeViolations } from './axe';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login, newAccount, stackConfig, type StackConfig } from './accounts';
import { chromiumForFile } from './chromium';
import { subscribeToPremium } from './premium';
import { usSymbols } from './us-symbols';
import { sharedStackUrl } from '../support/shared-stack-info';
import {
  SHARIAH_STANDARD_NAMES,
  SHARIAH_STANDARDS,
  VERDICT_TEXT,
  type ShariahVerdict,
} from '../../core/market/shariah';

/**
 * Watchlists in Chromium on the shared local stack: a Premium user builds two
 * watchlists, one from the dashboard's search and one from a stock page's "Add to watchlist",
 * reorders them (the order is stored) and sees live quotes that come in one batched request per
 * list; each row shows its Shariah verdict under the user's standard, and a change of standard on
 * the profile changes it; axe finds nothing serious on the dashboard.
 */
describe('watchlists in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;
  let symbols: string[];

  beforeAll(async () => {
    config = await stackConfig(url);
    symbols = await usSymbols(url, 2);
  });

  const listRegion = (page: Page, name: string) =>
    page.getByRole('region', { name, exact: true }).filter({ has: page.locator('h3') });

  const createList = async (page: Page, name: string) => {
    await page.getByLabel('New watchlist').fill(name);
    await page.getByRole('button', { name: 'Create watchlist' }).click();
    await listRegion(page, name).waitFor();
  };

  const listOrder = (page: Page) => page.locator('.watchlists h3').allTextContents();

  it('a user builds two watchlists from search and from the stock page, reorders them and sees live quotes', async () => {
    const [first, second] = symbols as [string, string];
    const account = newAccount('watchlists');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    await subscribeToPremium(page, url); // Free allows one list.

    // The dashboard's quote reads: batched ones, and any one-symbol read (there must be none).
    const quoteReads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/asset/stocks/quote')) quoteReads.push(request.url());
    });

    // 1: from the dashboard's search box.
    await page.goto(`${url}/dashboard`);
    await page.getByRole('heading', { name: 'Watchlists' }).waitFor();
    await createList(page, 'Tech');
    const tech = listRegion(page, 'Tech');
    const search = tech.getByRole('combobox', { name: 'Add a stock to Tech' });
    await search.click();
    await search.fill(first);
    await tech.getByRole('option').filter({ hasText: first }).first().click();
    await tech.getByRole('rowheader', { name: new RegExp(`^${first}`) }).waitFor();

    // 2: from the stock page's "Add to watchlist".
    await createList(page, 'Banks');
    await page.goto(`${url}/stocks/${second}`);
    await page.getByText('In none of your watchlists').waitFor();
    await page.getByRole('button', { name: 'Add to watchlist' }).click();
    await page.getByRole('checkbox', { name: 'Banks' }).check();
    await page.getByText('In your watchlists: Banks').waitFor();

    // 3: reorder, and the order is stored.
    await page.goto(`${url}/dashboard`);
    await listRegion(page, 'Banks')
      .getByRole('rowheader', { name: new RegExp(`^${second}`) })
      .waitFor();
    expect(await listOrder(page)).toEqual(['Tech', 'Banks']);
    await page.getByRole('button', { name: 'Move up Banks' }).click();
    await expect.poll(() => listOrder(page)).toEqual(['Banks', 'Tech']);
    quoteReads.length = 0;
    await page.reload();
    await listRegion(page, 'Tech').waitFor();
    expect(await listOrder(page)).toEqual(['Banks', 'Tech']);

    // 4: live quotes, the same as the stock's own quote, one batched request per list.
    const techRow = listRegion(page, 'Tech').getByRole('row').filter({ hasText: first });
    await expect
      .poll(() => techRow.getByRole('cell').nth(1).textContent())
      .toMatch(/^[\d,]+\.\d\d /);
    const shown = Number(
      (await techRow.getByRole('cell').nth(1).textContent())!.split(' ')[0]!.replaceAll(',', ''),
    );
    const quote = (await (await fetch(`${url}/api/asset/stocks/quote/${first}`)).json()) as {
      data: [{ price: number }];
    };
    expect(Math.abs(shown - quote.data[0].price) / quote.data[0].price).toBeLessThan(0.05);
    await techRow.getByText(/^Market (Open|Closed)$/).waitFor();
    const batches = quoteReads.map((u) => new URL(u));
    expect(batches.every((u) => u.pathname === '/api/asset/stocks/quotes')).toBe(true);
    const asked = batches.map((u) => u.searchParams.get('symbols'));
    expect(asked).toContain(first);
    expect(asked).toContain(second);

    // 5: axe on the dashboard.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // 6: the Shariah verdict under the user's standard (AAOIFI until they choose), the stock
    // page's; then another standard chosen on the profile, one that judges the stock otherwise
    // if there is one.
    const verdicts = (await (await fetch(`${url}/api/asset/stocks/shariah/${first}`)).json()) as {
      data: [
        { results: { standard: (typeof SHARIAH_STANDARDS)[number]; verdict: ShariahVerdict }[] },
      ];
    };
    const verdictOf = new Map(verdicts.data[0].results.map((r) => [r.standard, r.verdict]));
    const shariahCell = () =>
      tech.getByRole('row').filter({ hasText: first }).getByRole('cell').nth(6);
    await tech.getByText('Shariah verdicts under AAOIFI, the default standard').waitFor();
    await expect
      .poll(() => shariahCell().textContent())
      .toContain(VERDICT_TEXT[verdictOf.get('aaoifi')!]);
    const other =
      SHARIAH_STANDARDS.find(
        (s) => verdictOf.get(s) && verdictOf.get(s) !== verdictOf.get('aaoifi'),
      ) ?? 'msci';
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.locator('.user-menu-list').getByRole('link', { name: 'Profile' }).click();
    const setting = page.getByRole('region', { name: 'Shariah standard' });
    await setting.getByLabel('Standard for your verdicts').selectOption(other);
    await setting.getByRole('button', { name: 'Save standard' }).click();
    await setting
      .getByText(`Your lists now show verdicts under ${SHARIAH_STANDARD_NAMES[other]}.`)
      .waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.locator('.user-menu-list').getByRole('link', { name: 'Dashboard' }).click();
    await tech
      .getByText(`Shariah verdicts under ${SHARIAH_STANDARD_NAMES[other]}, your standard`)
      .waitFor();
    await expect
      .poll(() => shariahCell().textContent())
      .toContain(VERDICT_TEXT[verdictOf.get(other)!]);
    await page.context().close();
  });
});
