import { describe, expect, it } from 'vitest';
import { toSheetInput, type SheetInput } from '../../core/curation/sheet';
import { Conflict, Forbidden, Invalid, NotFound } from '../../core/domain-errors';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { InMemorySheetStore } from '../../lambdas/adapters/testing/memory/sheet-store';
import type { Curator } from '../../lambdas/curation/curator-access';
import { SheetService } from '../../lambdas/curation/sheet-service';
import type { StatementCollection } from '../../lambdas/ports/stocks-repository';

const [demo] = generateUniverse({ seed: 'sheet-service', count: 1, anchor: FIXED_DEMO_ANCHOR });
if (!demo) throw new Error('no demo company');
const A = demo.profile.isin;
const B = 'US5949181045';
const admin: Curator = { sub: 'admin-sub', email: 'admin@example.com', groups: ['admin'] };
const editor: Curator = { sub: 'editor-sub', email: 'ed@example.com', groups: ['editor'] };
const user: Curator = { sub: 'user-sub', email: 'u@example.com', groups: [] };
const latestFy = demo.annual.income[0]!;
const INCOME_ID = `income-${latestFy.calendarYear}-FY`;

function setup(editorSet?: PermissionSet) {
  const sheetsOf = <K extends 'income' | 'balance' | 'cash'>(kind: K) =>
    ({ annual: demo!.annual[kind], quarter: demo!.quarterly[kind] }) as StatementCollection<K>;
  const store = new InMemorySheetStore(
    new Map([
      [
        A,
        {
          symbol: demo!.profile.symbol,
          currency: demo!.profile.currency,
          sheets: {
            income: sheetsOf('income'),
            balance: sheetsOf('balance'),
            cash: sheetsOf('cash'),
          },
        },
      ],
      [B, { symbol: 'NEWCO', currency: 'EUR', sheets: {} }],
    ]),
  );
  const users = {
    get: async (sub: string) =>
      sub === editor.sub && editorSet
        ? ({ permissionSet: { accessLevels: editorSet } } as unknown as UserRecord)
        : undefined,
  };
  const service = new SheetService({ store, users, clock: () => new Date('2026-11-25T06:00:00Z') });
  return { store, service };
}

const sheetsSet = (action: 'read' | 'create' | 'update', isins: string[]): PermissionSet => {
  const set = emptyPermissionSet();
  return { ...set, SHEETS: { ...set.SHEETS, read: isins, [action]: isins } };
};

/** A balanced annual income sheet for company B. */
const newIncome = (revenue = 1_000): SheetInput<'income'> => ({
  ...toSheetInput('income', B, latestFy),
  isin: B,
  revenue,
  costOfRevenue: 400,
  grossProfit: revenue - 400,
  researchAndDevelopmentExpenses: 100,
  sellingGeneralAndAdministrativeExpenses: 100,
  otherExpenses: 0,
  operatingExpenses: 200,
  costAndExpenses: 600,
  operatingIncome: revenue - 600,
  depreciationAndAmortization: 50,
  ebitda: revenue - 550,
  totalOtherIncomeExpensesNet: 0,
  incomeBeforeTax: revenue - 600,
  incomeTaxExpense: 0,
  netIncome: revenue - 600,
});

const revenueOf = (sheet: SheetInput) => (sheet as SheetInput<'income'>).revenue;

describe('SheetService', () => {
  it('lists ingested sheets at version 0 with derived TTM rows, newest first', async () => {
    const { service } = setup();
    const rows = await service.list(admin, A);
    expect(rows[0]).toMatchObject({ isTTM: true, sheetType: 'income', version: 0 });
    expect(rows.filter((r) => r.isTTM).map((r) => r.sheetType)).toEqual(['income', 'cash']);
    expect(rows.find((r) => r.id === INCOME_ID)).toMatchObject({
      label: `Income Statement - ${INCOME_ID}`,
      isAnnual: true,
      quarter: 0,
      version: 0,
      updatedBy: null,
    });
  });

  it('adds a sheet to a company without sheets, derives its ratios, and audits it', async () => {
    const { service } = setup();
    const created = await service.create(admin, B, newIncome());
    expect(created).toMatchObject({ id: INCOME_ID, version: 1, updatedBy: 'admin@example.com' });
    expect(revenueOf(created.sheet)).toBe(1_000);
    const history = await service.history(admin, B, INCOME_ID);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ version: 1, before: null, source: 'edit' });
    await expect(service.create(admin, B, newIncome())).rejects.toBeInstanceOf(Conflict);
  });

  it('refuses a stale version and writes nothing', async () => {
    const { service } = setup();
    await service.create(admin, B, newIncome());
    await service.update(admin, B, INCOME_ID, newIncome(2_000), 1);
    await expect(service.update(admin, B, INCOME_ID, newIncome(3_000), 1)).rejects.toBeInstanceOf(
      Conflict,
    );
    expect(revenueOf((await service.get(admin, B, INCOME_ID)).sheet)).toBe(2_000);
  });

  it('lets exactly one of many concurrent saves at one version win', async () => {
    const { service } = setup();
    await service.create(admin, B, newIncome());
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        service.update(admin, B, INCOME_ID, newIncome(5_000 + i), 1),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof Conflict),
    ).toHaveLength(19);
    const stored = await service.get(admin, B, INCOME_ID);
    expect(stored.version).toBe(2);
    expect(revenueOf(stored.sheet)).toBe(
      revenueOf((won[0] as PromiseFulfilledResult<{ sheet: SheetInput }>).value.sheet),
    );
  });

  it('does not let edits of two different sheets of one kind block each other', async () => {
    const { service } = setup();
    const quarters = demo.quarterly.income.slice(0, 2);
    const edits = quarters.map((q) => {
      const sheet = toSheetInput('income', A, q);
      const id = `income-${q.calendarYear}-${q.period}`;
      return service.update(
        admin,
        A,
        id,
        { ...sheet, incomeTaxExpense: sheet.incomeTaxExpense, date: sheet.date },
        0,
      );
    });
    const results = await Promise.all(edits);
    expect(results.map((r) => r.version)).toEqual([1, 1]);
  });

  it('restores a kept version as a new version', async () => {
    const { service } = setup();
    await service.create(admin, B, newIncome(1_000));
    await service.update(admin, B, INCOME_ID, newIncome(2_000), 1);
    const restored = await service.restore(admin, B, INCOME_ID, 1, 2);
    expect(restored).toMatchObject({ version: 3 });
    expect(revenueOf(restored.sheet)).toBe(1_000);
    expect((await service.history(admin, B, INCOME_ID)).map((v) => [v.version, v.source])).toEqual([
      [3, 'restore'],
      [2, 'edit'],
      [1, 'edit'],
    ]);
    await expect(service.restore(admin, B, INCOME_ID, 9, 3)).rejects.toBeInstanceOf(NotFound);
  });

  it('deletes a sheet at its version', async () => {
    const { service } = setup();
    await service.create(admin, B, newIncome());
    await expect(service.remove(admin, B, INCOME_ID, 0)).rejects.toBeInstanceOf(Conflict);
    await service.remove(admin, B, INCOME_ID, 1);
    await expect(service.get(admin, B, INCOME_ID)).rejects.toBeInstanceOf(NotFound);
  });

  it('refuses a sheet whose isin or period differs from the one edited', async () => {
    const { service } = setup();
    await service.create(admin, B, newIncome());
    await expect(service.create(admin, A, newIncome())).rejects.toThrow('sheet.isin');
    await expect(
      service.update(admin, B, INCOME_ID, { ...newIncome(), year: 1999 }, 1),
    ).rejects.toBeInstanceOf(Invalid);
  });

  it('authorises per action and ISIN: the editor passes on their ISIN only, others never', async () => {
    const { service } = setup(sheetsSet('create', [B]));
    await service.create(editor, B, newIncome());
    await expect(service.create(editor, A, { ...newIncome(), isin: A })).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(service.update(editor, B, INCOME_ID, newIncome(9), 1)).rejects.toBeInstanceOf(
      Forbidden,
    );
    await expect(service.list(user, B)).rejects.toBeInstanceOf(Forbidden);
    const readOnly = setup(sheetsSet('read', [A])).service;
    await expect(readOnly.list(editor, A)).resolves.not.toHaveLength(0);
    await expect(readOnly.list(editor, B)).rejects.toBeInstanceOf(Forbidden);
  });

  it('answers NotFound for an unknown company', async () => {
    const { service } = setup();
    await expect(service.list(admin, 'GB0002634946')).rejects.toBeInstanceOf(NotFound);
  });

  it('imports a company all or nothing: adds, replaces, leaves identical sheets, audits as import', async () => {
    const { service } = setup();
    const existing = toSheetInput('income', A, latestFy);
    const changed = {
      ...existing,
      incomeTaxExpense: existing.incomeTaxExpense,
      date: existing.date,
    };
    const balance = toSheetInput('balance', A, demo.annual.balance[0]!);
    const older = { ...newIncome(), isin: A, year: 1990, date: '1990-12-31' };
    const dry = await service.import(admin, A, [changed, balance, older], true);
    expect(dry).toEqual({ isin: A, dryRun: true, added: 1, replaced: 0, unchanged: 2 });
    expect((await service.list(admin, A)).some((r) => r.year === 1990)).toBe(false);
    const replacedSheet = {
      ...existing,
      revenue: existing.revenue! + 10,
      costOfRevenue: existing.costOfRevenue! + 10,
      costAndExpenses: existing.costAndExpenses! + 10,
    };
    const done = await service.import(admin, A, [replacedSheet, balance, older], false);
    expect(done).toEqual({ isin: A, dryRun: false, added: 1, replaced: 1, unchanged: 1 });
    expect((await service.get(admin, A, INCOME_ID)).version).toBe(1);
    expect((await service.history(admin, A, 'income-1990-FY'))[0]).toMatchObject({
      source: 'import',
      version: 1,
    });
  });

  it('refuses an import with another company’s sheet or two sheets of one period, writing nothing', async () => {
    const { service } = setup();
    await expect(
      service.import(admin, B, [newIncome(), { ...newIncome(), isin: A }], false),
    ).rejects.toThrow('sheets.1.isin');
    await expect(service.import(admin, B, [newIncome(), newIncome(5)], false)).rejects.toThrow(
      /sheets\.1: /,
    );
    expect(await service.list(admin, B)).toEqual([]);
  });

  it('lets only editors with both create and update on the ISIN import', async () => {
    const creator = setup(sheetsSet('create', [B])).service;
    await expect(creator.import(editor, B, [newIncome()], false)).rejects.toBeInstanceOf(Forbidden);
  });
});
