import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { toSheetInput } from '../../core/curation/sheet';
import { SHEET_CSV_COLUMNS, sheetCsvRecord } from '../../core/curation/sheet-csv';
import { formatAmount } from '../../core/format';
import { emptyPermissionSet } from '../../core/permissions';
import type { IdentifiedStatement } from '../../core/market/statements';
import { createAccount, login, newAccount, setEditorPermissions } from './accounts';
import { curationConsole, demoCompaniesFor, fill, saved } from './curation-console';
import { seriousAxeViolations } from './axe';

/**
 * The sheets console in Chromium against the shared local stack: the admin adds an
 * annual income sheet and a balance sheet, edits the income sheet, and the public stock page
 * shows the figures; an editor allowed to update one company's sheets edits them and sees
 * another company's read-only; axe finds no serious or critical violation on the screens.
 */
describe('curation: statement sheets', () => {
  const { url, config, newPage, adminPage } = curationConsole('sheets');
  /** Companies no other browser test curates (curation-console.ts hands each file its own). */
  let companies: { symbol: string; isin: string }[];

  const api = async <T>(path: string): Promise<T[]> =>
    ((await (await fetch(`${url}/api/asset${path}`)).json()) as { data: T[] }).data;

  beforeAll(async () => {
    companies = await Promise.all(
      (await demoCompaniesFor(url, 'sheets')).map(async ({ symbol }) => {
        const [profile] = await api<{ isin: string }>(`/stocks/profile/${symbol}`);
        return { symbol, isin: profile!.isin };
      }),
    );
  });

  const sheetsUrl = (company: { symbol: string; isin: string }, rest = '') =>
    `${url}/admin/settings/sheets/${company.isin}${rest}?symbol=${company.symbol}`;

  /** The public page's annual income statement: the Revenue cells, TTM first. */
  async function publicRevenueCells(symbol: string): Promise<string[]> {
    const visitor = await newPage();
    try {
      await visitor.goto(`${url}/stocks/${encodeURIComponent(symbol)}`);
      const table = visitor
        .getByRole('region', { name: 'Financial statements', exact: true })
        .getByRole('table');
      const row = table.locator('tbody tr', {
        has: visitor.getByRole('rowheader', { name: 'Revenue', exact: true }),
      });
      await row.waitFor();
      return await row.locator('td').allTextContents();
    } finally {
      await visitor.context().close();
    }
  }

  it('the admin adds an income and a balance sheet, edits the income sheet, and the public page shows it (axe: 0 serious)', async () => {
    const company = companies[0]!;
    const [latest] = await api<IdentifiedStatement<'income'>>(
      `/stocks/statement/${company.symbol}/income-statement?period=annual&limit=2`,
    ).then((items) => items.filter((item) => !item.isTTM));
    const year = String(latest!.year + 1);
    const page = await adminPage();

    await page.goto(sheetsUrl(company));
    await page.getByRole('table').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Add a sheet' }).click();
    await page.getByLabel('Year').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fill(page, { Year: year, 'Period end (YYYY-MM-DD)': `${year}-12-31` });
    await fill(page, {
      Revenue: '5000000000',
      'Cost of revenue': '2000000000',
      'Gross profit': '3000000000',
    });
    await page
      .getByRole('status')
      .filter({ hasText: 'Every identity that can be checked holds.' })
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    await page.waitForURL((u) => u.pathname.endsWith(`/edit/income-${year}-FY`));

    await page.goto(sheetsUrl(company, '/add'));
    await page.getByLabel('Statement').selectOption('balance');
    await fill(page, { Year: year, 'Period end (YYYY-MM-DD)': `${year}-12-31` });
    await fill(page, {
      'Total assets': '9000000000',
      'Total liabilities': '5000000000',
      'Total equity': '3000000000',
    });
    // The identity shows its difference before anything is saved.
    await page.getByRole('status').filter({ hasText: '1 identity does not hold' }).waitFor();
    await fill(page, { 'Total equity': '4000000000' });
    await page
      .getByRole('status')
      .filter({ hasText: 'Every identity that can be checked holds.' })
      .waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);

    let shown = await publicRevenueCells(company.symbol);
    expect(shown[1]).toBe(formatAmount(5_000_000_000, 'M'));

    await page.goto(sheetsUrl(company, `/edit/income-${year}-FY`));
    await fill(page, { Revenue: '6500000000', 'Gross profit': '4500000000' });
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    await page.getByText('Version 2 edited').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    shown = await publicRevenueCells(company.symbol);
    expect(shown[1]).toBe(formatAmount(6_500_000_000, 'M'));
    const [balance] = await api<{ totalAssets: number; date: string }>(
      `/stocks/statement/${company.symbol}/balance-sheet-statement?period=annual&limit=1`,
    );
    expect(balance).toMatchObject({ totalAssets: 9_000_000_000, date: `${year}-12-31` });
    await page.context().close();
  });

  it('an editor with SHEETS update on one ISIN edits its sheet and is read-only on another', async () => {
    const [mine, other] = companies as [(typeof companies)[0], (typeof companies)[0]];
    const editor = newAccount('sheeteditor');
    await createAccount(config(), editor, { group: 'editor' });
    const set = emptyPermissionSet();
    await setEditorPermissions(url, config(), editor.email, {
      ...set,
      SHEETS: { ...set.SHEETS, read: [mine.isin, other.isin], update: [mine.isin] },
    });
    const latestOf = async (symbol: string) =>
      (
        await api<IdentifiedStatement<'income'>>(
          `/stocks/statement/${symbol}/income-statement?period=quarter&limit=2`,
        )
      ).find((item) => !item.isTTM)!;
    const page = await newPage();
    await login(page, url, editor);

    const ownSheet = await latestOf(mine.symbol);
    await page.goto(sheetsUrl(mine, `/edit/${ownSheet.id}`));
    // Interest income is in no identity: the edit stays consistent.
    const interest = page.getByLabel('Interest income', { exact: true });
    await interest.waitFor();
    await interest.fill(String(Number(await interest.inputValue()) + 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    const [after] = (
      await api<IdentifiedStatement<'income'>>(
        `/stocks/statement/${mine.symbol}/income-statement?period=quarter&limit=2`,
      )
    ).filter((item) => item.id === ownSheet.id);
    expect(after!.interestIncome).toBe(ownSheet.interestIncome + 1);

    const otherSheet = await latestOf(other.symbol);
    await page.goto(sheetsUrl(other, `/edit/${otherSheet.id}`));
    await page
      .getByRole('note')
      .filter({
        hasText: `Read-only: Your permission set allows changing the sheets of other companies, not of ${other.isin}.`,
      })
      .waitFor();
    await expect(page.getByLabel('Interest income', { exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('imports sheets from a CSV: the dry run lists a bad row, then the import closes with its summary', async () => {
    const rows = await Promise.all(
      companies.map(async (company) => {
        const [latest] = (
          await api<IdentifiedStatement<'income'>>(
            `/stocks/statement/${company.symbol}/income-statement?period=annual&limit=2`,
          )
        ).filter((item) => !item.isTTM);
        const sheet = toSheetInput('income', company.isin, latest!);
        const year = sheet.year - 30;
        return sheetCsvRecord({ ...sheet, year, date: `${year}${sheet.date.slice(4)}` });
      }),
    );
    const bad = { ...rows[0]!, year: String(Number(rows[0]!.year) - 1), revenue: 'lots' };
    const csv = Papa.unparse([...rows, bad], { columns: [...SHEET_CSV_COLUMNS] });
    const page = await adminPage();
    await page.goto(`${url}/admin/settings/sheets`);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'sheets.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page
      .getByText('sheets.csv: 3 rows checked — 2 ready for 2 companies, 1 with errors.')
      .waitFor();
    await page
      .getByRole('cell', { name: /revenue: revenue must be a number or null \(was "lots"\)/ })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Import 2 sheets (skip the rows with errors)' }).click();
    await page
      .getByText('Import finished: 2 added, 0 replaced, 0 unchanged across 2 of 2 companies.')
      .waitFor();
    for (const company of companies) {
      const year = Number(rows[companies.indexOf(company)]!.year);
      const history = await api<IdentifiedStatement<'income'>>(
        `/stocks/statement/${company.symbol}/income-statement?period=annual&limit=40`,
      );
      expect(history.some((item) => item.year === year)).toBe(true);
    }
    await page.context().close();
  });
});
