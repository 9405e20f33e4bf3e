import { beforeEach, describe, expect, it } from 'vitest';
import { ALL, emptyPermissionSet } from '../../core/permissions';
import { Conflict, Forbidden } from '../../core/domain-errors';
import { SIGN_IN_LIMITS } from '../../core/sign-in-limits';
import { ENTITLEMENTS } from '../../core/subscription';
import { WatchlistService } from '../../lambdas/subscription/watchlist-service';
import { AlertService } from '../../lambdas/subscription/alert-service';
import { fireAlerts } from '../../lambdas/alerts/evaluate';
import type { Quote } from '../../core/market/types';
import { SavedScreenService } from '../../lambdas/subscription/saved-screen-service';
import { PortfolioService } from '../../lambdas/subscription/portfolio-service';
import type { TransactionEntry } from '../../core/portfolios';
import { newUserRecord } from '../../core/user-record';
import type { UsersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import {
  ItemTooLargeError,
  RecordNotFoundError,
  VersionConflictError,
} from '../../lambdas/ports/users-repository';

let seq = 0;
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}-${(seq += 1)}`;

const shariahRead = () => {
  const set = emptyPermissionSet();
  return { ...set, SHARIAH: { ...set.SHARIAH, read: [ALL] } };
};

/**
 * What every adapter over the users table must do alike, so the in-memory ones the unit tests use
 * cannot drift from DynamoDB's: records keyed by sub with e-mails without case, reads without the
 * permission bookkeeping, the write conditional on the version, the item size limit; revocations
 * that never move back; devices bounded per user; attempt windows that count atomically.
 */
export function usersTableContract(name: string, make: () => UsersTableStores) {
  describe(`${name}: the users table contract`, () => {
    let ports: UsersTableStores;
    let sub: string;
    let email: string;
    const record = () =>
      newUserRecord({
        email,
        sub,
        phoneNumber: '+15550001111',
        createdAt: '2026-01-02T03:04:05.000Z',
      });

    beforeEach(() => {
      ports = make();
      sub = fresh('sub');
      email = `Contract.${sub}@Example.com`;
    });

    it('creates a record once, keyed by the sub, with the e-mail lower-cased', async () => {
      const { users } = ports;
      expect(await users.createIfAbsent(record())).toBe(true);
      expect(await users.createIfAbsent({ ...record(), email: 'other@example.com' })).toBe(false);
      expect(await users.get(sub)).toEqual({ ...record(), email: email.toLowerCase() });
      expect(await users.get('nobody')).toBeUndefined();
    });

    it('writes the set only at the version it was read at, and get() leaves the bookkeeping out', async () => {
      const { users } = ports;
      await users.createIfAbsent(record());
      const entry = {
        by: 'admin@example.com',
        at: '2026-01-03T00:00:00.000Z',
        changes: { items: {}, generalRead: { SHARIAH: true } },
      };
      await users.writePermissionSet(sub, 0, {
        accessLevels: shariahRead(),
        version: 1,
        audit: [entry],
      });
      await expect(
        users.writePermissionSet(sub, 0, {
          accessLevels: emptyPermissionSet(),
          version: 1,
          audit: [],
        }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      expect(await users.get(sub)).toEqual({
        ...record(),
        email: email.toLowerCase(),
        permissionSet: { accessLevels: shariahRead() },
      });
      expect(await users.getPermissions(sub)).toEqual({
        sub,
        email: email.toLowerCase(),
        permissionSet: { accessLevels: shariahRead() },
        version: 1,
        audit: [entry],
      });
    });

    it('writes the checkout claim only at the version it was read at; get() leaves it out', async () => {
      const { users } = ports;
      expect(await users.getCheckout(sub)).toBeUndefined();
      await expect(
        users.writeCheckout(sub, 0, { plan: 'premium_monthly', claimedAt: 'x' }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      await users.createIfAbsent(record());
      expect(await users.getCheckout(sub)).toEqual({ claim: null, version: 0 });
      const pending = { plan: 'premium_monthly' as const, claimedAt: '2026-01-03T00:00:00.000Z' };
      // Two writers that read version 0: one wins, the other writes nothing.
      const results = await Promise.allSettled([
        users.writeCheckout(sub, 0, pending),
        users.writeCheckout(sub, 0, { ...pending, plan: 'premium_yearly' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(VersionConflictError);
      const open = {
        ...pending,
        session: { id: 'cs_1', url: 'https://pay/cs_1', expiresAt: '2026-01-04T00:00:00.000Z' },
      };
      const { claim } = (await users.getCheckout(sub))!;
      await users.writeCheckout(sub, 1, { ...open, plan: claim!.plan });
      expect(await users.getCheckout(sub)).toEqual({
        claim: { ...open, plan: claim!.plan },
        version: 2,
      });
      await users.writeCheckout(sub, 2, null);
      expect(await users.getCheckout(sub)).toEqual({ claim: null, version: 3 });
      expect(await users.get(sub)).toEqual({ ...record(), email: email.toLowerCase() });
    });

    it('records a duplicate subscription refunded once per subscription', async () => {
      const { users } = ports;
      const refund = {
        subscriptionId: 'sub_2',
        keptSubscriptionId: 'sub_1',
        refundId: 're_1',
        amount: { amount: 900, currency: 'usd' },
        at: '2026-01-03T00:00:00.000Z',
      };
      await expect(users.recordDuplicateRefund(sub, refund)).rejects.toBeInstanceOf(
        RecordNotFoundError,
      );
      await users.createIfAbsent(record());
      const twice = await Promise.all([
        users.recordDuplicateRefund(sub, refund),
        users.recordDuplicateRefund(sub, { ...refund, refundId: 're_other' }),
      ]);
      expect(twice.sort()).toEqual([false, true]);
      expect(await users.recordDuplicateRefund(sub, { ...refund, subscriptionId: 'sub_3' })).toBe(
        true,
      );
      expect(await users.get(sub)).toEqual({ ...record(), email: email.toLowerCase() });
    });

    it('refuses a write for a record that does not exist', async () => {
      const { users } = ports;
      await expect(
        users.writePermissionSet(sub, 0, {
          accessLevels: emptyPermissionSet(),
          version: 1,
          audit: [],
        }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      await expect(users.setVerifiedPhone(sub, '+15550002222')).rejects.toBeInstanceOf(
        RecordNotFoundError,
      );
      expect(await users.get(sub)).toBeUndefined();
    });

    it('sets the verified phone number, keeping the rest of the record', async () => {
      const { users } = ports;
      await users.createIfAbsent(record());
      await users.setVerifiedPhone(sub, '+15550002222');
      expect(await users.get(sub)).toEqual({
        ...record(),
        email: email.toLowerCase(),
        phoneNumber: '+15550002222',
        phoneVerified: true,
      });
    });

    it('refuses a record over the item size limit with ItemTooLargeError, writing nothing', async () => {
      const { users } = ports;
      await users.createIfAbsent(record());
      // More than DynamoDB's 400 KB in one audit entry (identifiers of 1 KB, 420 of them).
      const added = Array.from({ length: 420 }, (_, i) => `${i}`.padEnd(1024, 'x'));
      const huge = {
        by: 'admin@example.com',
        at: '2026-01-03T00:00:00.000Z',
        changes: { items: { STOCKS: { read: { added, removed: [] } } }, generalRead: {} },
      };
      await expect(
        users.writePermissionSet(sub, 0, {
          accessLevels: shariahRead(),
          version: 1,
          audit: [huge],
        }),
      ).rejects.toBeInstanceOf(ItemTooLargeError);
      expect(await users.getPermissions(sub)).toMatchObject({ permissionSet: null, version: 0 });
    });

    it('keeps revocations: tokens valid after never moves back, signed-out sessions until they end', async () => {
      const { revocations } = ports;
      expect(await revocations.state(sub)).toEqual({ tokensValidAfter: 0, revokedSessions: {} });
      await revocations.revokeAllBefore(sub, 2_000);
      await revocations.revokeAllBefore(sub, 1_000);
      expect((await revocations.state(sub)).tokensValidAfter).toBe(2_000);
      await revocations.revokeSession(sub, 'a', 10_000, 5_000);
      await revocations.revokeSession(sub, 'b', 20_000, 5_000);
      expect((await revocations.state(sub)).revokedSessions).toEqual({ a: 10_000, b: 20_000 });
      // Once its tokens have all expired, an entry goes with the next write.
      await revocations.revokeSession(sub, 'c', 30_000, 15_000);
      expect(await revocations.state(sub)).toEqual({
        tokensValidAfter: 2_000,
        revokedSessions: { b: 20_000, c: 30_000 },
      });
    });

    it('remembers devices per user, at most as many as asked, and forgets them all', async () => {
      const { devices } = ports;
      const device = (id: string, createdAt: number) => ({
        id,
        secretHash: `hash-${id}`,
        createdAt,
        expiresAt: createdAt + 1_000_000,
      });
      for (let i = 0; i < 4; i += 1) await devices.remember(sub, device(`d${i}`, 1_000 + i), 3);
      expect(await devices.find(sub, 'd0')).toBeUndefined();
      expect(await devices.find(sub, 'd3')).toEqual(device('d3', 1_003));
      expect(await devices.find('someone-else', 'd3')).toBeUndefined();
      await devices.forgetAll(sub);
      for (const id of ['d1', 'd2', 'd3']) expect(await devices.find(sub, id)).toBeUndefined();
    });

    it('counts attempts in a sliding window, atomically under concurrent takes', async () => {
      const { attempts } = ports;
      const key = { scope: 'user', id: sub, kind: 'code-send' } as const;
      const rule = SIGN_IN_LIMITS.codeSends;
      const verdicts = await Promise.all(
        Array.from({ length: 8 }, () => attempts.take(key, rule, 1_000)),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(rule.limit);
      expect(await attempts.check(key, rule, 1_000)).toEqual({
        allowed: false,
        retryAfterMs: rule.windowMs,
      });
      expect((await attempts.check(key, rule, 1_000 + rule.windowMs)).allowed).toBe(true);
      const phone = { scope: 'phone', id: '+15550003333', kind: 'code-send' } as const;
      expect((await attempts.check(phone, rule, 1_000)).allowed).toBe(true);
    });

    it('claims each notification once under concurrent senders, again after a failure or when stale', async () => {
      const { notices } = ports;
      const key = 'payment-failed#in_contract#1';
      const stale = 60_000;
      const claims = await Promise.all(
        Array.from({ length: 6 }, () => notices.claim(sub, key, 1_000, stale)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // Another recipient, or another cause, is a message of its own.
      expect(await notices.claim('someone-else', key, 1_000, stale)).toBe(true);
      expect(await notices.claim(sub, 'payment-failed#in_contract#2', 1_000, stale)).toBe(true);
      // A failed send frees the claim for a retry; a sent one never is claimed again.
      await notices.failed(sub, key, 2_000, 'SES throttled');
      expect(await notices.claim(sub, key, 3_000, stale)).toBe(true);
      await notices.sent(sub, key, 4_000);
      expect(await notices.claim(sub, key, 10_000_000, stale)).toBe(false);
      // A claim whose sender died is taken over once it is stale, not before.
      const abandoned = 'alert-fired#al_contract#1';
      expect(await notices.claim(sub, abandoned, 1_000, stale)).toBe(true);
      expect(await notices.claim(sub, abandoned, 1_000 + stale, stale)).toBe(false);
      expect(await notices.claim(sub, abandoned, 1_001 + stale, stale)).toBe(true);
    });

    it('holds one pending phone change per user until cleared', async () => {
      const { phoneChanges } = ports;
      const change = { phoneNumber: '+15550004444', codeHash: 'h', expiresAt: 9_000_000_000_000 };
      expect(await phoneChanges.get(sub)).toBeUndefined();
      await phoneChanges.put(sub, change);
      await phoneChanges.put(sub, { ...change, codeHash: 'h2' });
      expect(await phoneChanges.get(sub)).toEqual({ ...change, codeHash: 'h2' });
      await phoneChanges.clear(sub);
      expect(await phoneChanges.get(sub)).toBeUndefined();
    });

    it('keeps a plan’s watchlist limit and each list’s version under concurrent writers', async () => {
      await ports.users.createIfAbsent(record());
      const service = new WatchlistService({ users: ports.users, store: ports.watchlists });
      const creates = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          service.create(sub, { name: `List ${i}`, symbols: [] }),
        ),
      );
      const created = creates.filter((c) => c.status === 'fulfilled');
      expect(created).toHaveLength(ENTITLEMENTS.free.watchlists);
      expect(creates.filter((c) => c.status === 'rejected').map((c) => c.reason)).toEqual(
        Array(6 - ENTITLEMENTS.free.watchlists).fill(expect.any(Forbidden)),
      );
      const [list] = (await service.list(sub)).watchlists;
      const edits = await Promise.allSettled(
        ['AAPL', 'MSFT', 'NVDA'].map((symbol) =>
          service.update(sub, list!.id, { name: list!.name, symbols: [symbol], version: 1 }),
        ),
      );
      expect(edits.filter((e) => e.status === 'fulfilled')).toHaveLength(1);
      expect(edits.filter((e) => e.status === 'rejected').map((e) => e.reason)).toEqual([
        expect.any(Conflict),
        expect.any(Conflict),
      ]);
      expect((await service.list(sub)).watchlists[0]).toMatchObject({ version: 2 });
    });

    it('keeps the alert limit, lists armed alerts in the index, fires only at the version read', async () => {
      await ports.users.createIfAbsent(record());
      const service = new AlertService({
        users: ports.users,
        store: ports.alerts,
        knownSymbol: async () => true,
      });
      const creates = await Promise.allSettled(
        Array.from({ length: 5 }, (_, i) =>
          service.create(sub, { symbol: 'AAPL', condition: { kind: 'above', price: 100 + i } }),
        ),
      );
      expect(creates.filter((c) => c.status === 'fulfilled')).toHaveLength(
        ENTITLEMENTS.free.alerts,
      );
      const armedSubs = async () => {
        const subs: string[] = [];
        for await (const page of ports.alerts.armed()) subs.push(...page.map((o) => o.sub));
        return subs;
      };
      expect(await armedSubs()).toContain(sub);

      const read = (await ports.alerts.read(sub))!;
      const [first] = read.alerts;
      const due = [{ alert: first!, quote: { price: 150 } as Quote }];
      const fired = fireAlerts(
        read.alerts,
        due,
        Date.parse('2026-11-26T15:00:00Z'),
        () => 'abcdef0123456789',
      );
      expect(await ports.alerts.fire(sub, read.version, fired.alerts, fired.notifications)).toBe(
        true,
      );
      // A second run that read the same version fires nothing.
      expect(await ports.alerts.fire(sub, read.version, fired.alerts, fired.notifications)).toBe(
        false,
      );
      const [notice] = await ports.alerts.notifications(sub, 10);
      expect(notice).toMatchObject({ alertId: first!.id, price: 150, read: false });
      expect(await ports.alerts.markRead(fresh('other'), notice!.id)).toBe(false);
      expect(await ports.alerts.markRead(sub, notice!.id)).toBe(true);
      expect((await ports.alerts.notifications(sub, 10))[0]!.read).toBe(true);

      // With none armed, the user leaves the index the evaluator pages through.
      for (const alert of await ports.alerts.list(sub)) await service.delete(sub, alert.id);
      expect(await armedSubs()).not.toContain(sub);
    });

    it('keeps a plan’s saved-screen limit under concurrent writers, and one user’s screens apart', async () => {
      await ports.users.createIfAbsent(record());
      const service = new SavedScreenService({ users: ports.users, store: ports.savedScreens });
      const saves = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          service.save(sub, { name: `Screen ${i}`, params: { sector: 'Energy' } }),
        ),
      );
      expect(saves.filter((c) => c.status === 'fulfilled')).toHaveLength(
        ENTITLEMENTS.free.savedScreens,
      );
      expect(saves.filter((c) => c.status === 'rejected').map((c) => c.reason)).toEqual(
        Array(4 - ENTITLEMENTS.free.savedScreens).fill(expect.any(Forbidden)),
      );
      const [screen] = (await service.list(sub)).screens;
      // Saving under the same name replaces the filters, within the limit.
      await service.save(sub, { name: screen!.name.toUpperCase(), params: { currency: 'JPY' } });
      expect((await service.list(sub)).screens).toEqual([
        expect.objectContaining({ id: screen!.id, params: { currency: 'JPY' } }),
      ]);
      expect((await service.list(`${sub}-other`)).screens).toEqual([]);
      await expect(service.delete(`${sub}-other`, screen!.id)).rejects.toThrow(
        'No such saved screen',
      );
      expect(await service.delete(sub, screen!.id)).toEqual({ deleted: screen!.id });
      expect((await service.list(sub)).screens).toEqual([]);
    });

    it('keeps a plan’s portfolio limit and each portfolio’s version under concurrent writers', async () => {
      await ports.users.createIfAbsent(record());
      const service = new PortfolioService({ users: ports.users, store: ports.portfolios });
      const creates = await Promise.allSettled(
        Array.from({ length: 4 }, (_, i) =>
          service.create(sub, { name: `P${i}`, currency: 'USD', benchmark: '^GSPC' }),
        ),
      );
      expect(creates.filter((c) => c.status === 'fulfilled')).toHaveLength(
        ENTITLEMENTS.free.portfolios,
      );
      expect(creates.filter((c) => c.status === 'rejected').map((c) => c.reason)).toEqual(
        Array(4 - ENTITLEMENTS.free.portfolios).fill(expect.any(Forbidden)),
      );
      const [portfolio] = (await service.list(sub)).portfolios;
      const adds = await Promise.allSettled(
        ['AAPL', 'MSFT', 'NVDA'].map((symbol) =>
          service.addTransaction(sub, portfolio!.id, 1, {
            type: 'buy',
            date: '2024-01-02',
            symbol,
            quantity: 1,
            price: 10,
            fees: 0,
            currency: 'USD',
          }),
        ),
      );
      expect(adds.filter((e) => e.status === 'fulfilled')).toHaveLength(1);
      expect(adds.filter((e) => e.status === 'rejected').map((e) => e.reason)).toEqual([
        expect.any(Conflict),
        expect.any(Conflict),
      ]);
      const { portfolio: stored, transactions } = await service.transactions(sub, portfolio!.id);
      expect(stored.version).toBe(2);
      expect(transactions).toHaveLength(1);
    });

    it('stores more transactions than one write takes, in order, and deletes them with their portfolio', async () => {
      await ports.users.createIfAbsent(record());
      const service = new PortfolioService({ users: ports.users, store: ports.portfolios });
      const { id } = await service.create(sub, {
        name: 'Big',
        currency: 'USD',
        benchmark: '^GSPC',
      });
      // 250 rows, more than DynamoDB's 100 actions in one transaction.
      const rows: TransactionEntry[] = Array.from({ length: 250 }, (_, i) => ({
        type: 'deposit',
        date: '2024-01-02',
        amount: i + 1,
        currency: 'USD',
        importKey: `row-${i}`,
      }));
      const added = await service.addTransactions(sub, id, 1, rows);
      expect(added).toMatchObject({ added: 250, alreadyThere: 0 });
      const { portfolio, transactions } = await service.transactions(sub, id);
      expect(portfolio.version).toBe(added.portfolio.version);
      expect(transactions.map((t) => t.type === 'deposit' && t.amount)).toEqual(
        rows.map((_, i) => i + 1),
      );
      expect(new Set(transactions.map((t) => t.id)).size).toBe(250);
      expect(await service.addTransactions(sub, id, 1, rows)).toMatchObject({
        added: 0,
        alreadyThere: 250,
      });
      await expect(service.transactions(`${sub}-other`, id)).rejects.toThrow('No such portfolio');

      expect(await service.delete(sub, id)).toEqual({ deleted: id });
      expect(await ports.portfolios.read(sub, id)).toBeUndefined();
      await expect(service.delete(sub, id)).rejects.toThrow('No such portfolio');
      // The count went down with it: Free's one portfolio can be created again.
      await service.create(sub, { name: 'Again', currency: 'EUR', benchmark: '^GDAXI' });
    });

    it('indexes the holders of a symbol, whatever its case, until an entry is removed', async () => {
      const { verdictHolders } = ports;
      const symbol = fresh('SYM')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '');
      const other = fresh('sub');
      const holdersOf = async (s: string) => {
        const subs: string[] = [];
        for await (const page of verdictHolders.holders(s)) subs.push(...page);
        return subs.sort();
      };
      await verdictHolders.add(sub, [symbol, symbol.toLowerCase()]);
      await verdictHolders.add(other, [symbol]);
      await verdictHolders.add(other, [symbol]);
      expect(await holdersOf(symbol.toLowerCase())).toEqual([sub, other].sort());
      await verdictHolders.remove(sub, symbol);
      expect(await holdersOf(symbol)).toEqual([other]);
    });
  });
}
