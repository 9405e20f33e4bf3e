import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, login, newAccount, stackConfig, type StackConfig } from './accounts';
import { chromiumForFile } from './chromium';
import { subscribeToPremium } from './premium';
import { usSymbols } from './us-symbols';
import { seriousAxeViolations } from './axe';
import { screenshot } from './artifacts';
import { sharedStackUrl } from '../support/shared-stack-info';

/**
 * Watchlist files in Chromium on the shared local stack: the user imports a CSV
 * watchlist through the presigned upload to the user-files bucket (the local S3), sees the one
 * bad row reported by its row number and the good rows in the new list, and exports the lists as CSV
 * whose formula-like cell (the list's name) is neutralised; axe finds nothing serious.
 */
describe('CSV watchlist import and export in Chromium', () => {
  const url = sharedStackUrl();
  const { newPage } = chromiumForFile();
  let config: StackConfig;
  let symbols: string[];

  beforeAll(async () => {
    config = await stackConfig(url);
    symbols = await usSymbols(url, 2);
  });

  it('imports a CSV with one bad row reported, and exports a neutralised CSV', async () => {
    const [first, second] = symbols as [string, string];
    const account = newAccount('csv-import');
    await createAccount(config, account);
    const page = await newPage();
    await login(page, url, account);
    // The export is Premium's.
    await subscribeToPremium(page, url);

    await page.goto(`${url}/dashboard`);
    await page.getByRole('heading', { name: 'Watchlists' }).waitFor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && !request.url().startsWith(url)) {
        uploads.push(request.url());
      }
    });
    await page.getByLabel('CSV file').setInputFiles({
      name: 'holdings.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Symbol\n${first}\nNOPE.X\n${second.toLowerCase()}\n`),
    });
    await page.getByLabel('Name of the imported list').fill('@Imported');
    await page.getByRole('button', { name: 'Import CSV' }).click();

    const notFound = page.getByRole('table', { name: '1 row was not found' });
    await notFound.waitFor();
    expect(await notFound.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      '3',
      'NOPE.X',
    ]);
    await page.getByText('Added 2 stocks to “@Imported”.').waitFor();
    // The file went straight to the bucket, not through the product's API.
    expect(uploads).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/user-files$/)]);
    const list = page.getByRole('region', { name: '@Imported', exact: true });
    await list.getByRole('rowheader', { name: new RegExp(`^${first}`) }).waitFor();
    await list.getByRole('rowheader', { name: new RegExp(`^${second}`) }).waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page.locator('.watchlist-files'), 'watchlist-import-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export watchlists as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stockscope-watchlists-\d{4}-\d\d-\d\d\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toBe(
      `Watchlist,Position,Symbol\r\n'@Imported,1,${first}\r\n'@Imported,2,${second}`,
    );
  });
});
