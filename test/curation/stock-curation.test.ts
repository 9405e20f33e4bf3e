import { describe, expect, it } from 'vitest';
import {
  pageOfStocks,
  stockInputSchema,
  type CuratedStock,
  type StockInput,
} from '../../core/curation/stock';
import { Conflict, Forbidden, Invalid, NotFound } from '../../core/domain-errors';
import { emptyPermissionSet, type PermissionSet } from '../../core/permissions';
import type { UserRecord } from '../../core/user-record';
import { InMemoryStockStore } from '../../lambdas/adapters/testing/memory/stock-store';
import type { Curator } from '../../lambdas/curation/curator-access';
import { StockService } from '../../lambdas/curation/stock-service';

const admin: Curator = { sub: 'a', email: 'admin@example.com', groups: ['admin'] };
const editor: Curator = { sub: 'e', email: 'ed@example.com', groups: ['editor'] };
const user: Curator = { sub: 'u', email: 'u@example.com', groups: [] };

const row = (
  isin: string,
  symbol: string,
  companyName: string,
  exchange = 'NYSE',
): CuratedStock => ({
  isin,
  symbol,
  companyName,
  exchangeShortName: exchange,
  currency: 'USD',
  sector: 'Technology',
  industry: 'Software',
  country: 'US',
  sharesOutstanding: 1_000,
  hidden: false,
  version: 1,
  updatedAt: null,
  updatedBy: null,
});
const APPLE = row('US0378331005', 'AAPL', 'Apple Inc.', 'NASDAQ');
const MSFT = row('US5949181045', 'MSFT', 'Microsoft Corporation', 'NASDAQ');
const IBM = row('US4592001014', 'IBM', 'International Business Machines');
const NEW: StockInput = {
  symbol: 'NEWCO',
  isin: 'US38259P5089',
  exchangeShortName: 'NYSE',
  companyName: 'New Company',
  currency: 'USD',
  sector: 'Technology',
  industry: 'Software',
  country: 'US',
  sharesOutstanding: 5_000_000,
};

function setup(set?: PermissionSet) {
  const store = new InMemoryStockStore([APPLE, MSFT, IBM]);
  const users = {
    get: async () =>
      set ? ({ permissionSet: { accessLevels: set } } as unknown as UserRecord) : undefined,
  };
  return {
    store,
    service: new StockService({
      store,
      users,
      clock: () => new Date('2026-11-25T08:00:00Z'),
    }),
  };
}
const stocksSet = (lists: Partial<Record<'read' | 'create' | 'update' | 'delete', string[]>>) => {
  const set = emptyPermissionSet();
  return { ...set, STOCKS: { ...set.STOCKS, ...lists } };
};
const list = {
  query: '',
  sort: 'symbol' as const,
  direction: 'asc' as const,
  page: 1,
  pageSize: 10,
};

describe('stock curation', () => {
  it('validates the ISIN check digit and names each field', () => {
    const result = stockInputSchema.safeParse({
      ...NEW,
      isin: 'US38259P5088',
      exchangeShortName: 'MOON',
      sharesOutstanding: -1,
    });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'exchangeShortName',
      'isin',
      'sharesOutstanding',
    ]);
  });

  it('searches symbol, name and ISIN, filters by exchange, sorts and pages with the true count', () => {
    const all = [APPLE, MSFT, IBM];
    expect(pageOfStocks(all, { ...list, query: 'corp' }).items.map((s) => s.symbol)).toEqual([
      'MSFT',
    ]);
    expect(pageOfStocks(all, { ...list, query: 'us459' }).items.map((s) => s.symbol)).toEqual([
      'IBM',
    ]);
    expect(
      pageOfStocks(all, { ...list, exchange: 'NASDAQ', sort: 'name', direction: 'desc' }).items.map(
        (s) => s.symbol,
      ),
    ).toEqual(['MSFT', 'AAPL']);
    const page2 = pageOfStocks(all, { ...list, pageSize: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2 });
    expect(page2.items.map((s) => s.symbol)).toEqual(['MSFT']);
  });

  it('adds a stock, refusing a taken ISIN or symbol', async () => {
    const { service } = setup();
    const created = await service.create(admin, NEW);
    expect(created).toMatchObject({ version: 1, hidden: false, updatedBy: 'admin@example.com' });
    await expect(service.create(admin, NEW)).rejects.toThrow(
      `A stock with ISIN ${NEW.isin} exists`,
    );
    await expect(service.create(admin, { ...NEW, isin: 'US0231351067' })).rejects.toThrow(
      `The symbol NEWCO belongs to ${NEW.isin}`,
    );
  });

  it('edits and hides at the version, refusing a stale one', async () => {
    const { service } = setup();
    const edited = await service.update(admin, APPLE.isin, { ...APPLE, companyName: 'Apple' }, 1);
    expect(edited).toMatchObject({ companyName: 'Apple', version: 2, symbol: 'AAPL' });
    await expect(service.setHidden(admin, APPLE.isin, true, 1)).rejects.toBeInstanceOf(Conflict);
    expect(await service.setHidden(admin, APPLE.isin, true, 2)).toMatchObject({
      hidden: true,
      version: 3,
    });
  });

  it('deletes only with the symbol typed as confirmation, at the version', async () => {
    const { service, store } = setup();
    await expect(service.remove(admin, IBM.isin, 'ibn', 1)).rejects.toBeInstanceOf(Invalid);
    await expect(service.remove(admin, IBM.isin, 'ibm', 0)).rejects.toBeInstanceOf(Conflict);
    await service.remove(admin, IBM.isin, 'ibm', 1);
    await expect(service.get(admin, IBM.isin)).rejects.toBeInstanceOf(NotFound);
    expect(store.deleted).toEqual([{ isin: IBM.isin, deletedBy: 'admin@example.com' }]);
  });

  it('shows an editor only the stocks their set lets them read, and writes only where allowed', async () => {
    const { service } = setup(stocksSet({ read: [APPLE.isin], update: [APPLE.isin] }));
    const page = await service.list(editor, list);
    expect(page.items.map((s) => s.symbol)).toEqual(['AAPL']);
    expect(page.total).toBe(1);
    await expect(service.update(editor, APPLE.isin, APPLE, 1)).resolves.toMatchObject({
      version: 2,
    });
    await expect(service.update(editor, MSFT.isin, MSFT, 1)).rejects.toBeInstanceOf(Forbidden);
    await expect(service.create(editor, NEW)).rejects.toBeInstanceOf(Forbidden);
    await expect(service.list(user, list)).rejects.toBeInstanceOf(Forbidden);
    await expect(setup(stocksSet({})).service.list(editor, list)).rejects.toBeInstanceOf(Forbidden);
  });

  it('keeps each change with who and when, newest first, and restores a version as a new one', async () => {
    const { service } = setup();
    const created = await service.create(admin, NEW);
    await service.update(admin, NEW.isin, { ...NEW, companyName: 'Renamed', sector: 'Energy' }, 1);
    await service.setHidden(admin, NEW.isin, true, 2);
    const history = await service.history(admin, NEW.isin);
    expect(history.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(history[2]).toMatchObject({ before: null, after: created });
    expect(history[1]).toMatchObject({
      before: { companyName: 'New Company', sector: 'Technology' },
      after: { companyName: 'Renamed', sector: 'Energy', version: 2 },
      updatedBy: 'admin@example.com',
      updatedAt: '2026-11-25T08:00:00.000Z',
    });

    await expect(service.restore(admin, NEW.isin, 1, 2)).rejects.toBeInstanceOf(Conflict);
    const restored = await service.restore(admin, NEW.isin, 1, 3);
    // The profile facts return; the visibility set since stays (hiding is its own action).
    expect(restored).toMatchObject({
      companyName: 'New Company',
      sector: 'Technology',
      hidden: true,
      version: 4,
    });
    const [latest] = await service.history(admin, NEW.isin);
    expect(latest).toMatchObject({
      version: 4,
      before: { companyName: 'Renamed', version: 3 },
      after: restored,
    });
    await expect(service.restore(admin, NEW.isin, 9, 4)).rejects.toThrow(
      'Version 9 of the stock is not kept',
    );
    await expect(service.history(admin, 'US0231351067')).rejects.toBeInstanceOf(NotFound);
  });

  it('restores only the profile facts: the symbol and ISIN stay the stock’s own', async () => {
    const { service, store } = setup();
    await service.create(admin, NEW);
    // An entry whose `after` names another identity (as a tampered or future entry might).
    const entry = (await store.entry(NEW.isin, 1))!;
    (store as unknown as { audit: Map<string, unknown[]> }).audit.set(NEW.isin, [
      { ...entry, after: { ...entry.after, symbol: 'OTHER', isin: 'US0378331005' } },
    ]);
    const restored = await service.restore(admin, NEW.isin, 1, 1);
    expect(restored).toMatchObject({ isin: NEW.isin, symbol: 'NEWCO', version: 2 });
    expect(await store.holderOf('OTHER')).toBeUndefined();
    expect(await service.get(admin, 'US0378331005')).toMatchObject({ symbol: 'AAPL' });
  });

  it('refuses to restore facts that today’s rules refuse, naming the version', async () => {
    const { service, store } = setup();
    await service.create(admin, NEW);
    const entry = (await store.entry(NEW.isin, 1))!;
    (store as unknown as { audit: Map<string, unknown[]> }).audit.set(NEW.isin, [
      { ...entry, after: { ...entry.after, companyName: '<b>New</b>' } },
    ]);
    await expect(service.restore(admin, NEW.isin, 1, 1)).rejects.toThrow(
      /^version: kept version 1 cannot be restored: /,
    );
    expect(await service.get(admin, NEW.isin)).toMatchObject({ version: 1 });
  });

  it('lets an editor read the history where they read, and restore only where they update', async () => {
    const { service } = setup(stocksSet({ read: [APPLE.isin, MSFT.isin], update: [APPLE.isin] }));
    await service.update(admin, APPLE.isin, { ...APPLE, companyName: 'Apple' }, 1);
    await service.update(admin, MSFT.isin, { ...MSFT, companyName: 'Microsoft' }, 1);
    expect(await service.history(editor, MSFT.isin)).toHaveLength(1);
    await expect(service.history(editor, IBM.isin)).rejects.toBeInstanceOf(Forbidden);
    await expect(service.restore(editor, MSFT.isin, 2, 2)).rejects.toBeInstanceOf(Forbidden);
    expect(await service.get(admin, MSFT.isin)).toMatchObject({ version: 2 });
    await expect(service.restore(editor, APPLE.isin, 2, 2)).resolves.toMatchObject({
      companyName: 'Apple',
      version: 3,
      updatedBy: 'ed@example.com',
    });
    await expect(service.history(user, APPLE.isin)).rejects.toBeInstanceOf(Forbidden);
  });
});
