import { beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../core/api/asset-routes';
import { toSheetInput, type SheetInput } from '../../core/curation/sheet';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import type { IncomeStatement } from '../../core/market/types';
import type { DemoCompany } from '../../infra/local/demo/universe';
import {
  curationCallers,
  testEditor,
  type CurationCallers,
  type TestEditor,
} from '../support/curation-callers';
import { seedOwnCompanies } from '../support/own-companies';
import { sharedStack } from '../support/shared-stack';

/**
 * Curation of statement sheets, analyst data and Shariah inputs over HTTP on the local product
 * (GraphQL, user-pool auth): versioned writes where exactly one of many concurrent saves wins,
 * the public statements changing at once, core's permission rule per action and ISIN, and bad
 * input named by field. On the shared stack, the two companies curated are the file's own, and so
 * are the administrator and the editor.
 */
let companyA: DemoCompany;
let companyB: DemoCompany;
let A: { isin: string; symbol: string };
let B: { isin: string; symbol: string };
let latestA: IncomeStatement;
let latestB: IncomeStatement;
let ID_A = '';
let ID_B = '';
const admin = { email: '' };

const withSheets = (lists: Partial<Record<'read' | 'update', string[]>>): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, SHEETS: { ...set.SHEETS, ...lists } };
};
let SHEET_EDITOR: TestEditor;

const ROW = 'id version updatedAt updatedBy sheet';
const UPDATE = `mutation U($isin: ID!, $id: ID!, $sheet: AWSJSON!, $version: Int!) {
  updateSheet(isin: $isin, id: $id, sheet: $sheet, version: $version) { ${ROW} } }`;
const READ = `query R($isin: ID!, $id: ID!) { curationSheet(isin: $isin, id: $id) { ${ROW} } }`;

/** The sheet with revenue and cost of revenue raised by `delta`, so every identity still holds. */
function raised(statement: IncomeStatement, isin: string, delta: number): SheetInput<'income'> {
  const sheet = toSheetInput('income', isin, statement);
  const plus = (v: number | null) => (v ?? 0) + delta;
  return {
    ...sheet,
    revenue: plus(sheet.revenue),
    costOfRevenue: plus(sheet.costOfRevenue),
    costAndExpenses: plus(sheet.costAndExpenses),
  };
}

describe('curation of statement sheets (GraphQL, local product)', () => {
  let curation: CurationCallers;

  const read = async (isin: string, id: string) => {
    const answer = await curation.graphql(curation.as('admin'), READ, { isin, id });
    const row = answer.data?.curationSheet as { version: number; sheet: string };
    return { ...row, sheet: JSON.parse(row.sheet) as SheetInput<'income'> };
  };
  const update = (who: string, isin: string, id: string, sheet: unknown, version: number) =>
    curation.graphql(curation.as(who), UPDATE, {
      isin,
      id,
      sheet: JSON.stringify(sheet),
      version,
    });
  /** The public annual income statement of the sheet's year (the list starts with the TTM item). */
  const publicRevenue = async (symbol: string, year: string) => {
    const response = await fetch(
      `${curation.stack.url}/api/asset/stocks/statement/${symbol}/income-statement?period=annual&limit=2`,
    );
    expect(response.status).toBe(200);
    // Curated data is revalidated on every use: no cache serves it after a write.
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const items = ((await response.json()) as Envelope<IncomeStatement>).data;
    const annual = items.find((item) => item.period === 'FY' && item.calendarYear === year);
    if (!annual) throw new Error(`No FY ${year} statement for ${symbol}`);
    return annual;
  };

  beforeAll(async () => {
    [companyA, companyB] = (await seedOwnCompanies(sharedStack(), 'DA', 2)) as [
      DemoCompany,
      DemoCompany,
    ];
    A = { isin: companyA.profile.isin, symbol: companyA.profile.symbol };
    B = { isin: companyB.profile.isin, symbol: companyB.profile.symbol };
    latestA = companyA.annual.income[0]!;
    latestB = companyB.annual.income[0]!;
    ID_A = `income-${latestA.calendarYear}-FY`;
    ID_B = `income-${latestB.calendarYear}-FY`;
    SHEET_EDITOR = testEditor(
      'sheets-editor',
      withSheets({ read: [A.isin, B.isin], update: [A.isin] }),
    );
    curation = await curationCallers({ tag: 'curation-data', editors: [SHEET_EDITOR] });
    admin.email = curation.admin.email;
  });

  it('lists a company’s sheets as §3 descriptors, TTM rows derived', async () => {
    const answer = await curation.graphql(
      curation.as('admin'),
      `query L($isin: ID!) { curationSheets(isin: $isin) { id label sheetType isTTM isAnnual version } }`,
      { isin: A.isin },
    );
    const rows = answer.data?.curationSheets as { id: string; label: string; isTTM: boolean }[];
    expect(rows[0]).toMatchObject({ isTTM: true, sheetType: 'income' });
    expect(rows.find((r) => r.id === ID_A)).toMatchObject({
      label: `Income Statement - ${ID_A}`,
      isAnnual: true,
      version: 0,
    });
  });

  it('50 concurrent saves at one version: exactly one 200, 49 Conflicts, nothing lost', async () => {
    const before = await read(A.isin, ID_A);
    expect(before.version).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        update('admin', A.isin, ID_A, raised(latestA, A.isin, 1_000 * (i + 1)), 0),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const won = answers.filter((a) => !a.errors);
    const conflicts = answers.filter((a) => a.errors?.[0]?.errorType === 'Conflict');
    expect(won).toHaveLength(1);
    expect(conflicts).toHaveLength(49);
    const after = await read(A.isin, ID_A);
    expect(after.version).toBe(1);
    const winner = JSON.parse(
      (won[0]!.data?.updateSheet as { sheet: string }).sheet,
    ) as SheetInput<'income'>;
    expect(after.sheet.revenue).toBe(winner.revenue);
    // The public statement shows the change at once, with its ratio recomputed.
    const shown = await publicRevenue(A.symbol, latestA.calendarYear);
    expect(shown.revenue).toBe(winner.revenue);
    expect(shown.grossProfitRatio).toBeCloseTo(shown.grossProfit / shown.revenue, 12);
    // And the audit entry says who and when.
    const history = await curation.graphql(
      curation.as('admin'),
      `query H($isin: ID!, $id: ID!) { sheetHistory(isin: $isin, id: $id) { version source updatedBy before after } }`,
      { isin: A.isin, id: ID_A },
    );
    const entries = history.data?.sheetHistory as {
      version: number;
      updatedBy: string;
      before: string;
    }[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ version: 1, updatedBy: admin.email });
    expect(JSON.parse(entries[0]!.before).revenue).toBe(latestA.revenue);
  });

  it('restores a kept version as a new version', async () => {
    const { version } = await read(A.isin, ID_A);
    const first = await update(
      'admin',
      A.isin,
      ID_A,
      toSheetInput('income', A.isin, latestA),
      version,
    );
    expect(first.errors).toBeUndefined();
    const restored = await curation.graphql(
      curation.as('admin'),
      `mutation R($isin: ID!, $id: ID!, $version: Int!, $expected: Int!) {
        restoreSheet(isin: $isin, id: $id, version: $version, expectedVersion: $expected) { version sheet } }`,
      { isin: A.isin, id: ID_A, version, expected: version + 1 },
    );
    expect(restored.errors).toBeUndefined();
    const answer = restored.data?.restoreSheet as { version: number; sheet: string };
    expect(answer.version).toBe(version + 2);
    expect((await publicRevenue(A.symbol, latestA.calendarYear)).revenue).toBe(
      JSON.parse(answer.sheet).revenue,
    );
    expect(JSON.parse(answer.sheet).revenue).not.toBe(latestA.revenue);
  });

  it('an editor with SHEETS update on one ISIN edits it, and is refused on another', async () => {
    const mine = await read(A.isin, ID_A);
    const ok = await update(
      SHEET_EDITOR.email,
      A.isin,
      ID_A,
      raised(latestA, A.isin, 7),
      mine.version,
    );
    expect(ok.errors).toBeUndefined();
    const before = await read(B.isin, ID_B);
    const refused = await update(
      SHEET_EDITOR.email,
      B.isin,
      ID_B,
      raised(latestB, B.isin, 7),
      before.version,
    );
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Forbidden' });
    expect(await read(B.isin, ID_B)).toEqual(before);
    expect((await publicRevenue(B.symbol, latestB.calendarYear)).revenue).toBe(latestB.revenue);
  });

  it('refuses the API key alone, and names the field of bad input', async () => {
    const withKey = await curation.graphql(curation.publicKey, UPDATE, {
      isin: A.isin,
      id: ID_A,
      sheet: JSON.stringify(toSheetInput('income', A.isin, latestA)),
      version: 0,
    });
    expect(withKey.errors?.[0]?.errorType).toBe('Unauthorized');
    const { version } = await read(A.isin, ID_A);
    const bad = await update(
      'admin',
      A.isin,
      ID_A,
      { ...raised(latestA, A.isin, 0), revenue: 'lots' },
      version,
    );
    expect(bad.errors?.[0]).toMatchObject({ errorType: 'BadRequest' });
    expect(bad.errors?.[0]?.message).toMatch(/sheet\.revenue: revenue must be a number or null/);
    const unbalanced = await update(
      'admin',
      A.isin,
      ID_A,
      { ...raised(latestA, A.isin, 0), grossProfit: 1 },
      version,
    );
    expect(unbalanced.errors?.[0]?.message).toMatch(
      /sheet\.grossProfit: grossProfit = revenue − costOfRevenue does not hold/,
    );
    expect((await read(A.isin, ID_A)).version).toBe(version);
  });

  it('an analyst update shows on the public analyst endpoint at once', async () => {
    const { symbol: _symbol, ...input } = companyA.analyst;
    const read = await curation.graphql(
      curation.as('admin'),
      `query A($isin: ID!) { curatedAnalyst(isin: $isin) { version } }`,
      { isin: A.isin },
    );
    const { version } = read.data?.curatedAnalyst as { version: number };
    const changed = {
      ...input,
      consensus: 'Hold',
      ratings: { strongBuy: 0, buy: 0, hold: 7, sell: 0, strongSell: 0 },
    };
    const answer = await curation.graphql(
      curation.as('admin'),
      `mutation U($isin: ID!, $analyst: AWSJSON!, $version: Int!) { updateAnalyst(isin: $isin, analyst: $analyst, version: $version) { version updatedBy } }`,
      { isin: A.isin, analyst: JSON.stringify(changed), version },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.updateAnalyst).toMatchObject({
      version: version + 1,
      updatedBy: admin.email,
    });
    const response = await fetch(`${curation.stack.url}/api/asset/stocks/analyst/${A.symbol}`);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const shown = (
      (await response.json()) as Envelope<{ consensus: string; ratings: { hold: number } }>
    ).data[0];
    expect(shown).toMatchObject({ consensus: 'Hold', ratings: { hold: 7 } });
  });

  it('a Shariah update shows on the public screen at once: curated debt recomputed, override beside', async () => {
    const read = await curation.graphql(
      curation.as('admin'),
      `query Q($isin: ID!) { curatedShariah(isin: $isin) { version } }`,
      { isin: A.isin },
    );
    const { version } = read.data?.curatedShariah as { version: number };
    const shariah = {
      businessActivity: 'permissible',
      interestBearingSecurities: 0,
      asOf: '2026-11-01',
      interestBearingDebt: 0,
      cashAndEquivalents: 0,
      receivables: 0,
      revenueSplit: { permissible: 100, nonPermissible: 0, sources: [] },
      override: {
        verdict: 'questionable',
        reason: 'Awaiting the audited notes',
        reviewedOn: '2026-11-02',
      },
    };
    const answer = await curation.graphql(
      curation.as('admin'),
      `mutation U($isin: ID!, $shariah: AWSJSON!, $version: Int!) { updateShariah(isin: $isin, shariah: $shariah, version: $version) { version value } }`,
      { isin: A.isin, shariah: JSON.stringify(shariah), version },
    );
    expect(answer.errors).toBeUndefined();
    const stored = JSON.parse((answer.data?.updateShariah as { value: string }).value);
    expect(stored.override.reviewer).toBe(admin.email);
    const response = await fetch(`${curation.stack.url}/api/asset/stocks/shariah/${A.symbol}`);
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const screen = (
      (await response.json()) as Envelope<{
        overall: string;
        override: { verdict: string; reason: string };
        results: { ratios: { numerator: number | null }[] }[];
      }>
    ).data[0]!;
    expect(screen.override).toMatchObject({
      verdict: 'questionable',
      reason: 'Awaiting the audited notes',
    });
    // AAOIFI's first screen is interest-bearing debt: the curated 0, not the balance sheet's debt.
    expect(screen.results[0]!.ratios[0]!.numerator).toBe(0);
    expect(companyA.annual.balance[0]!.totalDebt).toBeGreaterThan(0);
  });

  it('a Shariah update shows on the public screen of a stock with annual sheets only', async () => {
    // A company that files annual statements only: no four quarters, so no TTM anywhere.
    const [annualOnly] = (await seedOwnCompanies(sharedStack(), 'DS', 1, (company) => ({
      ...company,
      quarterly: { income: [], balance: [], cash: [] },
    }))) as [DemoCompany];
    const { isin, symbol } = annualOnly.profile;
    const quarters = await fetch(
      `${curation.stack.url}/api/asset/stocks/statement/${symbol}/balance-sheet-statement?period=quarter`,
    );
    expect(((await quarters.json()) as Envelope<unknown>).data).toEqual([]);
    const read = await curation.graphql(
      curation.as('admin'),
      `query Q($isin: ID!) { curatedShariah(isin: $isin) { version } }`,
      { isin },
    );
    const { version } = read.data?.curatedShariah as { version: number };
    const shariah = {
      businessActivity: 'permissible',
      interestBearingSecurities: 1_000,
      asOf: '2026-11-01',
      interestBearingDebt: 0,
      revenueSplit: {
        permissible: 98,
        nonPermissible: 2,
        sources: [{ name: 'Interest', amount: 2 }],
      },
      override: {
        verdict: 'non-compliant',
        reason: 'The notes show conventional deposits',
        reviewedOn: '2026-11-02',
      },
    };
    const answer = await curation.graphql(
      curation.as('admin'),
      `mutation U($isin: ID!, $shariah: AWSJSON!, $version: Int!) { updateShariah(isin: $isin, shariah: $shariah, version: $version) { version } }`,
      { isin, shariah: JSON.stringify(shariah), version },
    );
    expect(answer.errors).toBeUndefined();
    const response = await fetch(`${curation.stack.url}/api/asset/stocks/shariah/${symbol}`);
    expect(response.status).toBe(200);
    const screen = (
      (await response.json()) as Envelope<{
        override: { verdict: string; reason: string };
        results: {
          standard: string;
          ratios: {
            name: string;
            numerator: number | null;
            value: number | null;
            missing: string[];
          }[];
        }[];
      }>
    ).data[0]!;
    expect(screen.override).toMatchObject({
      verdict: 'non-compliant',
      reason: 'The notes show conventional deposits',
    });
    const ratios = (standard: string) =>
      screen.results.find((r) => r.standard === standard)!.ratios;
    const [debt, deposits, revenue] = ratios('aaoifi');
    // The curated debt and securities, the fiscal year's cash: every ratio has a value.
    expect(debt).toMatchObject({ numerator: 0, value: 0, missing: [] });
    const cash = annualOnly.annual.balance[0]!.cashAndCashEquivalents;
    expect(deposits).toMatchObject({ numerator: cash + 1_000, missing: [] });
    expect(revenue!.value).toBeCloseTo(0.02, 10);
    // MSCI divides by the fiscal year's total assets; its cash is the same figure as AAOIFI's.
    const msci = ratios('msci');
    expect(msci[1]).toMatchObject({ numerator: cash + 1_000, missing: [] });
    expect(msci[0]!.value).toBe(0);
  });
});
