import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyPermissionSet } from '../../core/permissions';
import { createAccount, idTokenFor, login, newAccount, setEditorPermissions } from './accounts';
import { curationConsole, demoCompaniesFor, graphqlAs } from './curation-console';
import { seriousAxeViolations } from './axe';

/**
 * The console's entry screens in Chromium against the shared local stack: the admin
 * dashboard (counts of stocks, users and editors; the week's changes by person; the last ingest)
 * and the settings overview (each area with its count and last change), axe on both; an editor's
 * dashboard lists only what their permission set reads.
 */
describe('curation: admin dashboard and settings overview', () => {
  const { url, config, admin, newPage, adminPage } = curationConsole('overseer');
  let companies: { symbol: string; name: string }[];

  beforeAll(async () => {
    companies = await demoCompaniesFor(url, 'overview');
    expect(companies).toHaveLength(2);
  });

  const isinOf = async (symbol: string) => {
    const answer = (await (await fetch(`${url}/api/asset/stocks/profile/${symbol}`)).json()) as {
      data: { isin: string }[];
    };
    return answer.data[0]!.isin;
  };

  /** The admin's description change over GraphQL: one change in the feed, by this file's admin. */
  async function curateDescription(isin: string) {
    const token = await idTokenFor(url, config(), admin().email, admin().password);
    const read = (await graphqlAs(
      url,
      token,
      'query R($isin: ID!) { curatedDescription(isin: $isin) { version } }',
      { isin },
    )) as { curatedDescription: { version: number } };
    await graphqlAs(
      url,
      token,
      'mutation U($isin: ID!, $text: String!, $version: Int!) { updateDescription(isin: $isin, text: $text, version: $version) { version } }',
      { isin, text: `Overview check ${randomUUID()}.`, version: read.curatedDescription.version },
    );
  }

  it('the admin dashboard shows the counts, who changed what this week and the last ingest (axe: 0 serious)', async () => {
    const isin = await isinOf(companies[0]!.symbol);
    await curateDescription(isin);
    const page = await adminPage();
    await page.goto(`${url}/admin/dashboard`);
    const counts = page.getByLabel('Counts');
    for (const label of ['Stocks', 'Users', 'Editors']) {
      await counts.getByText(label, { exact: true }).waitFor();
    }
    const stocks = Number(
      (await counts.locator('div', { hasText: 'Stocks' }).locator('dd').textContent())!.replace(
        /,/g,
        '',
      ),
    );
    expect(stocks).toBeGreaterThanOrEqual(300);
    const byPerson = page.getByRole('table', { name: /by person/ });
    await byPerson.getByRole('rowheader', { name: admin().email }).waitFor();
    const recent = page.getByRole('table', { name: 'Recent changes' });
    await recent.getByRole('link', { name: isin }).first().waitFor();
    await page.getByText(/demo seed, finished on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .getByRole('link', { name: /^Descriptions/ })
      .last()
      .click();
    await page.waitForURL(`${url}/admin/settings/description`);
    await page.context().close();
  });

  it('the settings overview shows each area with its count and last change (axe: 0 serious)', async () => {
    const page = await adminPage();
    await page.goto(`${url}/admin/settings`);
    const descriptions = page.getByRole('link', { name: /^Descriptions/ });
    await descriptions
      .getByText(/Last changed by .+ on \d{4}-\d{2}-\d{2} at \d{2}:\d{2} UTC/)
      .waitFor();
    await page
      .getByRole('link', { name: /^Sheets/ })
      .getByText(/statement sets/)
      .waitFor();
    await page
      .getByRole('link', { name: /^Users/ })
      .getByText(/accounts?$/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('an editor’s dashboard lists only the area and company their set reads', async () => {
    const [first, second] = await Promise.all(companies.map((c) => isinOf(c.symbol)));
    await curateDescription(first!);
    await curateDescription(second!);
    const editor = newAccount('overseen');
    await createAccount(config(), editor, { group: 'editor' });
    const set = emptyPermissionSet();
    await setEditorPermissions(url, config(), editor.email, {
      ...set,
      DESCRIPTION: { ...set.DESCRIPTION, read: [first!] },
    });
    const page = await newPage();
    await login(page, url, editor);
    await page.goto(`${url}/admin/dashboard`);
    await page.getByRole('link', { name: /^Descriptions.*1 curated description/ }).waitFor();
    expect(await page.getByRole('link', { name: /^Stocks/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Last data ingest' }).count()).toBe(0);
    const recent = page.getByRole('table', { name: 'Recent changes' });
    await recent.getByRole('link', { name: first! }).first().waitFor();
    expect(await recent.getByRole('link', { name: second! }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
