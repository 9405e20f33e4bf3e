import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound } from '../../core/domain-errors';
import type { TransactionEntry } from '../../core/portfolios';
import type { SubscriptionState } from '../../core/subscription';
import { newUserRecord } from '../../core/user-record';
import { InMemoryPortfolioStore } from '../adapters/testing/memory/portfolio-store';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { PortfolioService } from './portfolio-service';
import { activeSubscription } from '../../core/testing/subscription';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const premium = activeSubscription({
  currentPeriodEnd: '2026-12-25T10:00:00.000Z',
  observedAt: NOW,
});

function setup() {
  const users = new InMemoryUsersRepository([
    newUserRecord({ email: 'ann@example.com', sub: 'ann', createdAt: '2026-01-01T00:00:00Z' }),
  ]);
  const clock = { ms: NOW };
  const service = new PortfolioService({
    users,
    store: new InMemoryPortfolioStore(),
    now: () => (clock.ms += 1_000),
  });
  const subscribe = (state: SubscriptionState) => users.writeSubscription('ann', state);
  return { service, subscribe };
}

const main = { name: 'Main', currency: 'USD', benchmark: '^GSPC' } as const;
const buy = (
  symbol: string,
  quantity = 10,
  date = '2024-01-02',
): Extract<TransactionEntry, { type: 'buy' }> => ({
  type: 'buy',
  date,
  symbol,
  quantity,
  price: 100,
  fees: 0,
  currency: 'USD',
});

describe('PortfolioService', () => {
  it('creates a portfolio at version 1 and lists it with the plan’s limits', async () => {
    const { service } = setup();
    const created = await service.create('ann', main);
    expect(created).toMatchObject({ ...main, version: 1, readOnly: false });
    expect(created.id).toMatch(/^pf_[0-9a-f]{24}$/);
    expect(await service.list('ann')).toEqual({
      portfolios: [created],
      limits: { tier: 'free', portfolios: 1, holdingsPerPortfolio: 20 },
    });
  });

  it('refuses a Free user a second portfolio with a 403 that says why and what unlocks more', async () => {
    const { service } = setup();
    await service.create('ann', main);
    const refused = service.create('ann', { ...main, name: 'Second' });
    await expect(refused).rejects.toThrow(Forbidden);
    await expect(refused).rejects.toThrow(
      'Your plan’s limit of portfolios is 1. Upgrade to Premium for more.',
    );
  });

  it('adds, edits and deletes transactions at the version read, each write raising it', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    const first = await service.addTransaction('ann', id, 1, buy('AAPL'));
    expect(first.portfolio.version).toBe(2);
    expect(first.transaction).toEqual({ ...buy('AAPL'), id: 'tx_0000000001' });
    const second = await service.addTransaction('ann', id, 2, buy('MSFT'));
    const edited = await service.updateTransaction(
      'ann',
      id,
      first.transaction.id,
      3,
      buy('AAPL', 25),
    );
    expect(edited.portfolio.version).toBe(4);
    // Edited in place: entry order (which orders same-day transactions) is kept.
    expect((await service.transactions('ann', id)).transactions).toEqual([
      { ...buy('AAPL', 25), id: 'tx_0000000001' },
      second.transaction,
    ]);
    const deleted = await service.deleteTransaction('ann', id, second.transaction.id, 4);
    expect(deleted).toMatchObject({ deleted: second.transaction.id, portfolio: { version: 5 } });
    expect((await service.transactions('ann', id)).transactions).toHaveLength(1);
  });

  it('refuses a change made at a stale version with a 409, storing nothing', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    await service.addTransaction('ann', id, 1, buy('AAPL'));
    const stale = service.addTransaction('ann', id, 1, buy('MSFT'));
    await expect(stale).rejects.toThrow(Conflict);
    await expect(stale).rejects.toThrow(
      'This portfolio was changed elsewhere meanwhile: reload it and try again.',
    );
    await expect(
      service.update('ann', id, { ...main, name: 'Renamed', version: 1 }),
    ).rejects.toThrow(Conflict);
    const { portfolio, transactions } = await service.transactions('ann', id);
    expect(portfolio).toMatchObject({ name: 'Main', version: 2 });
    expect(transactions.map((t) => 'symbol' in t && t.symbol)).toEqual(['AAPL']);
  });

  it('renames and changes currency and benchmark at the version read', async () => {
    const { service } = setup();
    const { id, createdAt } = await service.create('ann', main);
    const updated = await service.update('ann', id, {
      name: 'Retirement',
      currency: 'EUR',
      benchmark: '^GDAXI',
      version: 1,
    });
    expect(updated).toMatchObject({
      name: 'Retirement',
      currency: 'EUR',
      benchmark: '^GDAXI',
      version: 2,
      createdAt,
    });
    expect(updated.updatedAt > createdAt).toBe(true);
  });

  it('adds an imported row once: the same importKey again, in the portfolio or the call, adds nothing', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    const rows = [
      { ...buy('AAPL'), importKey: 'row-1' },
      { ...buy('MSFT'), importKey: 'row-2' },
      { ...buy('MSFT'), importKey: 'row-2' },
    ];
    const first = await service.addTransactions('ann', id, 1, rows);
    expect(first).toMatchObject({ added: 2, alreadyThere: 1, portfolio: { version: 2 } });
    expect(first.transactions.map((t) => t.importKey)).toEqual(['row-1', 'row-2']);

    // The same file again, even at the version the first import started from (its answer lost).
    const again = await service.addTransactions('ann', id, 1, rows);
    expect(again).toMatchObject({ added: 0, alreadyThere: 3, portfolio: { version: 2 } });
    const more = await service.addTransactions('ann', id, 2, [
      ...rows,
      { ...buy('NVDA'), importKey: 'row-3' },
    ]);
    expect(more).toMatchObject({ added: 1, alreadyThere: 3, portfolio: { version: 3 } });
    expect((await service.transactions('ann', id)).transactions).toHaveLength(3);
  });

  it('keeps an edited transaction’s importKey, so importing its row again does not add it back', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    const { transactions } = await service.addTransactions('ann', id, 1, [
      { ...buy('AAPL'), importKey: 'row-1' },
    ]);
    await service.updateTransaction('ann', id, transactions[0]!.id, 2, buy('AAPL', 12));
    expect(
      await service.addTransactions('ann', id, 3, [{ ...buy('AAPL'), importKey: 'row-1' }]),
    ).toMatchObject({ added: 0, alreadyThere: 1 });
  });

  it('refuses a transaction the ledger cannot take, naming the field, storing nothing', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    await service.addTransaction('ann', id, 1, buy('AAPL', 10));
    const oversold = service.addTransaction('ann', id, 2, {
      type: 'sell',
      date: '2024-02-01',
      symbol: 'AAPL',
      quantity: 11,
      price: 120,
      fees: 0,
      currency: 'USD',
    });
    await expect(oversold).rejects.toThrow(Invalid);
    await expect(oversold).rejects.toThrow(
      'transaction.quantity: sells 11 shares of AAPL but 10 are held on 2024-02-01',
    );
    // In a batch, the field names the row sent.
    await expect(
      service.addTransactions('ann', id, 2, [buy('MSFT'), { ...buy('AAPL'), currency: 'EUR' }]),
    ).rejects.toThrow('transactions.1.currency: currency must be USD');
    expect((await service.transactions('ann', id)).portfolio.version).toBe(2);
  });

  it('refuses deleting a buy a later sale needs', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    const bought = await service.addTransaction('ann', id, 1, buy('AAPL', 10));
    await service.addTransaction('ann', id, 2, {
      type: 'sell',
      date: '2024-03-01',
      symbol: 'AAPL',
      quantity: 10,
      price: 120,
      fees: 0,
      currency: 'USD',
    });
    await expect(service.deleteTransaction('ann', id, bought.transaction.id, 3)).rejects.toThrow(
      'sells 10 shares of AAPL but 0 are held on 2024-03-01',
    );
  });

  it('refuses a 21st symbol held on Free, counting only open positions', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    const twenty = Array.from({ length: 20 }, (_, i) => buy(`S${i}`));
    await service.addTransactions('ann', id, 1, twenty);
    const refused = service.addTransaction('ann', id, 2, buy('ONE.MORE'));
    await expect(refused).rejects.toThrow(Forbidden);
    await expect(refused).rejects.toThrow(
      'Your plan’s limit of holdings per portfolio is 20. Upgrade to Premium for more.',
    );
    // A closed position frees its place; more of a symbol held takes none.
    await service.addTransaction('ann', id, 2, {
      type: 'sell',
      date: '2024-02-01',
      symbol: 'S0',
      quantity: 10,
      price: 100,
      fees: 0,
      currency: 'USD',
    });
    await service.addTransaction('ann', id, 3, buy('S1', 5));
    await expect(service.addTransaction('ann', id, 4, buy('ONE.MORE'))).resolves.toBeTruthy();
  });

  it('after a downgrade keeps extra portfolios read-only, never deleted; the kept one can be sold down', async () => {
    const { service, subscribe } = setup();
    await subscribe(premium);
    const first = await service.create('ann', main);
    const second = await service.create('ann', { ...main, name: 'Second' });
    const many = Array.from({ length: 25 }, (_, i) => buy(`S${i}`));
    await service.addTransactions('ann', first.id, 1, many);

    await subscribe({ ...premium, status: 'canceled', observedAt: NOW + 60_000 });
    const { portfolios } = await service.list('ann');
    expect(portfolios.map((p) => [p.name, p.readOnly])).toEqual([
      ['Main', false],
      ['Second', true],
    ]);
    await expect(service.addTransaction('ann', second.id, 1, buy('AAPL'))).rejects.toThrow(
      'This portfolio is kept read-only: your plan allows 1 editable portfolio.',
    );
    await expect(
      service.update('ann', second.id, { ...main, name: 'X', version: 1 }),
    ).rejects.toThrow(Forbidden);
    expect((await service.transactions('ann', second.id)).portfolio.readOnly).toBe(true);
    // 25 symbols held, over Free's 20: no new one, but a dividend or a sale is taken.
    await expect(service.addTransaction('ann', first.id, 2, buy('NEW'))).rejects.toThrow(Forbidden);
    await service.addTransaction('ann', first.id, 2, {
      type: 'dividend',
      date: '2024-05-01',
      symbol: 'S3',
      amount: 8.5,
      taxWithheld: 1.5,
      currency: 'USD',
    });
    // Deleting is always allowed.
    expect(await service.delete('ann', second.id)).toEqual({ deleted: second.id });
  });

  it('answers another user’s portfolio, or a missing transaction, with 404', async () => {
    const { service } = setup();
    const { id } = await service.create('ann', main);
    await expect(service.transactions('bob', id)).rejects.toThrow(NotFound);
    await expect(service.addTransaction('bob', id, 1, buy('AAPL'))).rejects.toThrow(NotFound);
    await expect(service.delete('bob', id)).rejects.toThrow('No such portfolio.');
    await expect(
      service.updateTransaction('ann', id, 'tx_0000000009', 1, buy('AAPL')),
    ).rejects.toThrow('No such transaction.');
    expect((await service.list('ann')).portfolios).toHaveLength(1);
  });
});
