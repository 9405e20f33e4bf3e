import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import { createAccount, idTokenFor, login, newAccount, setEditorPermissions } from './accounts';
import { seriousAxeViolations } from './axe';
import { curationConsole, demoCompaniesFor, saved } from './curation-console';

/**
 * The description curation screen in Chromium against the shared local stack: the
 * admin edits a description and the public stock page shows it, restores an earlier version from
 * the history and the page shows that, an editor without DESCRIPTION update sees it read-only,
 * and axe finds no serious or critical violation on the screen.
 */
describe('curation: company descriptions', () => {
  const { url, config, admin, newPage, adminPage } = curationConsole('curator');
  /** Companies no other browser test curates (curation-console.ts hands each file its own). */
  let companies: { symbol: string; name: string }[];

  beforeAll(async () => {
    companies = await demoCompaniesFor(url, 'description');
    expect(companies).toHaveLength(2);
  });

  /** Picks the company on the screen with the stock search, as a curator does. */
  async function pickCompany(page: Page, symbol: string) {
    await page.goto(`${url}/admin/settings/description`);
    const box = page.getByRole('combobox', { name: 'Company (search by symbol or name)' });
    await box.fill(symbol);
    await page.getByRole('option').filter({ hasText: symbol }).first().click();
    await page.waitForURL((u) => u.searchParams.get('symbol') === symbol);
    await page.getByRole('textbox', { name: 'Description text' }).waitFor();
  }

  async function saveText(page: Page, text: string) {
    await page.getByRole('textbox', { name: 'Description text' }).fill(text);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
  }

  /** The public stock page's description, once it shows `text`. */
  async function publicDescription(symbol: string, text: string): Promise<string> {
    const visitor = await newPage();
    try {
      await visitor.goto(`${url}/stocks/${encodeURIComponent(symbol)}`);
      const description = visitor.locator('.company-profile .description');
      await description.getByText(text).waitFor();
      return (await description.textContent()) ?? '';
    } finally {
      await visitor.context().close();
    }
  }

  /** The admin's update of the company's description over GraphQL (the ID token as Authorization). */
  async function curateOverApi(symbol: string, text: string) {
    const token = await idTokenFor(url, config(), admin().email, admin().password);
    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const answer = (await response.json()) as {
        data?: Record<string, unknown>;
        errors?: unknown;
      };
      if (answer.errors) throw new Error(JSON.stringify(answer.errors));
      return answer.data!;
    };
    const profile = (await (await fetch(`${url}/api/asset/stocks/profile/${symbol}`)).json()) as {
      data: { isin: string }[];
    };
    const isin = profile.data[0]!.isin;
    const { curatedDescription } = (await graphql(
      'query R($isin: ID!) { curatedDescription(isin: $isin) { version } }',
      { isin },
    )) as { curatedDescription: { version: number } };
    await graphql(
      'mutation U($isin: ID!, $text: String!, $version: Int!) { updateDescription(isin: $isin, text: $text, version: $version) { version } }',
      { isin, text, version: curatedDescription.version },
    );
  }

  it('the admin edits a description and the public stock page shows it (axe: 0 serious)', async () => {
    const { symbol } = companies[0]!;
    const page = await adminPage();
    await pickCompany(page, symbol);
    await page
      .getByText(/^[A-Z]{2}[A-Z0-9]{9}\d$/)
      .first()
      .waitFor(); // the ISIN
    const text = `Curated in Chromium ${randomUUID()}.`;
    await saveText(page, text);
    await page.getByText(new RegExp(`Last changed by ${admin().email}`)).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await publicDescription(symbol, text)).toContain(text);
    await page.context().close();
  });

  it('the admin restores an earlier version from the history and the public page shows it', async () => {
    const { symbol } = companies[1]!;
    const page = await adminPage();
    await pickCompany(page, symbol);
    const first = `First text ${randomUUID()}.`;
    const second = `Second text ${randomUUID()}.`;
    await saveText(page, first);
    await saveText(page, second);
    expect(await publicDescription(symbol, second)).not.toContain(first);

    const entry = page.getByRole('listitem', { name: 'Version 1', exact: true });
    await entry.locator('ins').filter({ hasText: 'First' }).waitFor();
    await entry.getByRole('button', { name: /Restore this version/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Version 1 restored as version 3.' })
      .waitFor();
    await expect(
      page.getByRole('textbox', { name: 'Description text' }).inputValue(),
    ).resolves.toBe(first);
    const shown = await publicDescription(symbol, first);
    expect(shown).toContain(first);
    expect(shown).not.toContain(second);
    await page.context().close();
  });

  it('an editor without DESCRIPTION update sees the screen read-only (axe: 0 serious)', async () => {
    const { symbol } = companies[0]!;
    // A change the editor's screen lists in the history, made over the API as an admin would.
    await curateOverApi(symbol, `Seen by the editor ${randomUUID()}.`);
    const editor = newAccount('describer');
    await createAccount(config(), editor, { group: 'editor' });
    const set = emptyPermissionSet();
    await setEditorPermissions(url, config(), editor.email, {
      ...set,
      DESCRIPTION: { ...set.DESCRIPTION, read: [ALL] },
    });
    const page = await newPage();
    await login(page, url, editor);
    await pickCompany(page, symbol);
    const textBox = page.getByRole('textbox', { name: 'Description text' });
    await expect(textBox.getAttribute('readonly')).resolves.not.toBeNull();
    await page
      .getByRole('note')
      .filter({ hasText: 'Read only: Your permission set does not allow changing descriptions.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page
      .getByRole('listitem', { name: /^Version \d+/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /Restore/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
