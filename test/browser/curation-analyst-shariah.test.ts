import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from '../../core/format';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import { createAccount, login, newAccount, setEditorPermissions } from './accounts';
import { curationConsole, demoCompaniesFor, fill, saved } from './curation-console';
import { seriousAxeViolations } from './axe';

/**
 * The analyst and Shariah curation screens in Chromium against the shared local stack: the admin
 * edits a company's analyst targets and the public stock page's analyst section shows them; the
 * admin sets a reviewer's verdict on the Shariah inputs and the public page shows it with its
 * reason; an editor with ANALYST read only sees the analyst screen read-only; axe
 * finds no serious or critical violation on either screen.
 */
describe('curation: analyst data and Shariah inputs', () => {
  const { url, config, admin, newPage, adminPage } = curationConsole('analyst');
  /** Companies no other browser test curates (curation-console.ts hands each file its own). */
  let companies: { symbol: string }[];

  beforeAll(async () => {
    companies = await demoCompaniesFor(url, 'analyst');
    expect(companies).toHaveLength(2);
  });

  /** The screen with the company chosen (?symbol=, as the picker leaves it), once its form shows. */
  async function openScreen(page: Page, area: 'analyst' | 'shariah', symbol: string) {
    await page.goto(`${url}/admin/settings/${area}?symbol=${encodeURIComponent(symbol)}`);
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
  }

  async function save(page: Page) {
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
  }

  /** The public stock page's section, once it shows `text`. */
  async function publicSection(symbol: string, section: string, text: string): Promise<string> {
    const visitor = await newPage();
    try {
      await visitor.goto(`${url}/stocks/${encodeURIComponent(symbol)}`);
      const region = visitor.getByRole('region', { name: section, exact: true });
      await region.getByText(text).first().waitFor();
      // Text as laid out (innerText): a section below the fold is laid out only once near the
      // viewport (content-visibility), as a reader scrolling to it brings it.
      await region.scrollIntoViewIfNeeded();
      await expect.poll(() => region.innerText()).toContain(text);
      return await region.innerText();
    } finally {
      await visitor.context().close();
    }
  }

  it("the admin edits analyst targets and a grade's target, and the public page shows them (axe: 0 serious)", async () => {
    const { symbol } = companies[0]!;
    const page = await adminPage();
    await openScreen(page, 'analyst', symbol);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A mean target unlikely to be anyone's: the public page must show this one.
    const mean = 1234.56;
    await fill(page, {
      'Strong buy': '6',
      Buy: '2',
      Hold: '1',
      Sell: '0',
      'Strong sell': '0',
      'Low target': '1000',
      'Mean target (consensus)': String(mean),
      'Median target': '1200',
      'High target': '1500',
      Currency: 'USD',
      // The newest grade's own target and the close of its day: the page shows its upside then.
      'Target of grade 1': '2500',
      'Price when posted of grade 1': '2000',
    });
    await page.getByLabel('Consensus', { exact: true }).selectOption('Strong Buy');
    // The grade's 2,500 lies above the high of 1,500: the console says so before the save.
    await page
      .getByRole('region', { name: 'Checks before saving' })
      .getByText(/lies above the high/)
      .first()
      .waitFor();
    // Core's warnings weigh the mean target against the live price as the figures change.
    await page
      .getByRole('region', { name: 'Checks before saving' })
      .getByText(/from the price|Nothing looks unusual/)
      .first()
      .waitFor();
    await save(page);
    await page.getByText(new RegExp(`Last changed by ${admin().email}`)).waitFor();
    await page
      .getByRole('table', { name: /Changes in version \d+/ })
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const shown = await publicSection(symbol, 'Analyst ratings', formatNumber(mean));
    expect(shown).toContain('Consensus: Strong Buy');
    expect(shown).toContain('(9 analysts)');
    // The range covers every current grade's target (core/market/analyst-consensus.ts): the
    // median as entered, the high widened to the grade's 2,500, the low to the company's other
    // firms' targets where they lie below 1,000.
    expect(shown).toContain(formatNumber(1200));
    expect(shown).toMatch(new RegExp(`High[^\\d]*${formatNumber(2500).replace('.', '\\.')}`));
    expect(shown).toContain(
      `${formatNumber(2500)} (${formatPercent(0.25, { ratio: true, signed: true })})`,
    );
    await page.context().close();
  });

  it('the admin sets a Shariah override and the public page shows the reviewer’s verdict with the reason (axe: 0 serious)', async () => {
    const { symbol } = companies[1]!;
    const page = await adminPage();
    await openScreen(page, 'shariah', symbol);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fill(page, {
      'Interest-bearing securities': '1000000',
      'Permissible revenue': '980000',
      'Non-permissible revenue': '20000',
    });
    // One source that makes up the non-permissible revenue: any listed before go.
    const remove = page.getByRole('button', { name: 'Remove source 1' });
    while ((await remove.count()) > 0) await remove.click();
    await page.getByRole('button', { name: 'Add a source' }).click();
    await fill(page, { 'Name of source 1': 'Interest income', 'Amount of source 1': '20000' });
    const override = page.getByRole('checkbox', { name: 'Override the computed verdict' });
    if (!(await override.isChecked())) await override.check();
    const reason = `Pending the audited accounts ${randomUUID()}.`;
    await page.getByLabel('Verdict', { exact: true }).selectOption('questionable');
    await fill(page, { Reason: reason, 'Review date': '2025-03-01' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await save(page);
    await page.getByText(`Last reviewed by ${admin().email}.`).waitFor();

    const shown = await publicSection(symbol, 'Shariah screen', reason);
    expect(shown).toContain('Reviewer’s verdict');
    expect(shown).toContain('Questionable');
    expect(shown).toContain(`Reason: ${reason}`);
    expect(shown).toContain('reviewed on 2025-03-01');
    await page.context().close();
  });

  it('an editor with ANALYST read only sees the analyst screen read-only (axe: 0 serious)', async () => {
    const { symbol } = companies[0]!;
    const editor = newAccount('analystreader');
    await createAccount(config(), editor, { group: 'editor' });
    const set = emptyPermissionSet();
    await setEditorPermissions(url, config(), editor.email, {
      ...set,
      ANALYST: { ...set.ANALYST, read: [ALL] },
    });
    const page = await newPage();
    await login(page, url, editor);
    await openScreen(page, 'analyst', symbol);
    await page
      .getByRole('note')
      .filter({ hasText: 'Read only: Your permission set does not allow changing analyst data.' })
      .waitFor();
    await expect(page.getByLabel('Mean target (consensus)').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Add a grade' }).isDisabled()).resolves.toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // The admin's change of the first test is in the history, without a restore for the editor.
    await page
      .getByRole('listitem', { name: /^Version \d+/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /Restore/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
