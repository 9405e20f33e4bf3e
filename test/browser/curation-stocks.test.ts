import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatAmount } from '../../core/format';
import { isinCheckDigit, ISIN_MESSAGE } from '../../core/isin';
import { seriousAxeViolations } from './axe';
import { curationConsole, newStockIdentity } from './curation-console';

/**
 * The stocks console in Chromium against the shared local stack: the admin adds a
 * stock (its public page is live at once), adds an annual income sheet to it and edits it, and
 * the public page shows the figures; hides it from public search; deletes it with its symbol
 * typed. axe: no serious or critical violation on the list, add and detail screens.
 */
describe('curation: stocks', () => {
  const { url, newPage, adminPage } = curationConsole('stocks');

  const status = (page: Page, text: string | RegExp) =>
    page.getByRole('status').filter({ hasText: text }).waitFor();

  it('the admin adds a stock and a sheet, edits it, and the public page changes; hides and deletes it (axe: 0 serious)', async () => {
    const { symbol, isin, first11 } = newStockIdentity('CU', 0);
    const page = await adminPage();

    await page.goto(`${url}/admin/settings/stocks`);
    await page.getByRole('table').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Add a stock' }).click();
    await page.getByLabel('Symbol').fill(symbol);
    await page.getByLabel('Exchange').selectOption('NYSE');
    await expect(page.getByLabel('Currency').inputValue()).resolves.toBe('USD');
    await page.getByLabel('ISIN').fill(`${first11}${(isinCheckDigit(first11) + 1) % 10}`);
    await page.getByLabel('Company name').fill('Curated Chromium Corp');
    await page.getByLabel('Sector').fill('Industrials');
    await page.getByLabel('Industry').fill('Machinery');
    await page.getByLabel('Shares outstanding').fill('50000000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(ISIN_MESSAGE).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('ISIN').fill(isin);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === `/admin/settings/stocks/detail/${isin}`);
    await status(page, `${symbol} added. Its public page is live.`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const visitor = await newPage();
    await visitor.goto(`${url}/stocks/${symbol}`);
    await visitor.getByRole('heading', { level: 1, name: /Curated Chromium Corp/ }).waitFor();

    // Its first sheet, from the detail page's link.
    await page.getByRole('link', { name: 'Sheets' }).click();
    await page.getByRole('link', { name: 'Add a sheet' }).click();
    await page.getByLabel('Year').fill('2025');
    await page.getByLabel('Period end (YYYY-MM-DD)').fill('2025-12-31');
    await page.getByLabel('Revenue', { exact: true }).fill('800000000');
    await page.getByLabel('Cost of revenue', { exact: true }).fill('300000000');
    await page.getByLabel('Gross profit', { exact: true }).fill('500000000');
    await page.getByRole('button', { name: 'Save' }).click();
    await status(page, /Saved as version 1\./);
    await page.getByLabel('Revenue', { exact: true }).fill('900000000');
    await page.getByLabel('Gross profit', { exact: true }).fill('600000000');
    await page.getByRole('button', { name: 'Save' }).click();
    await status(page, /Saved as version 2\./);

    await visitor.reload();
    const revenue = visitor
      .getByRole('region', { name: 'Financial statements', exact: true })
      .locator('tbody tr', {
        has: visitor.getByRole('rowheader', { name: 'Revenue', exact: true }),
      })
      .locator('td')
      .first();
    await revenue.waitFor();
    await expect(revenue.textContent()).resolves.toBe(formatAmount(900_000_000, 'M'));
    await visitor.context().close();

    await page.goto(`${url}/admin/settings/stocks/detail/${isin}`);
    await page.getByRole('button', { name: 'Hide from public search' }).click();
    await status(
      page,
      `${symbol} is hidden from the public list and search; its page stays reachable.`,
    );
    await page.getByRole('button', { name: 'Delete the stock' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${symbol}?` });
    await dialog.getByLabel(`Type ${symbol} to confirm`).fill(symbol);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete the stock and its data' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/stocks');
    expect((await fetch(`${url}/api/asset/stocks/profile/${symbol}`)).status).toBe(404);
    await page.context().close();
  });
});
