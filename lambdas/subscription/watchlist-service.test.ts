import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../../core/domain-errors';
import type { SubscriptionState } from '../../core/subscription';
import { newUserRecord } from '../../core/user-record';
import { InMemoryUsersRepository } from '../adapters/testing/memory/users-repository';
import { InMemoryWatchlistStore } from '../adapters/testing/memory/watchlist-store';
import { WatchlistService } from './watchlist-service';
import { activeSubscription } from '../../core/testing/subscription';

const NOW = Date.parse('2026-11-25T10:00:00Z');
const premium = activeSubscription({
  currentPeriodEnd: '2026-12-25T10:00:00.000Z',
  observedAt: NOW,
});

function setup() {
  const clock = { ms: NOW };
  const users = new InMemoryUsersRepository([
    newUserRecord({ email: 'ann@example.com', sub: 'ann', createdAt: '2026-01-01T00:00:00Z' }),
  ]);
  const service = new WatchlistService({
    users,
    store: new InMemoryWatchlistStore(),
    now: () => (clock.ms += 1_000),
  });
  const subscribe = (state: SubscriptionState) => users.writeSubscription('ann', state);
  return { service, subscribe, clock };
}

describe('WatchlistService', () => {
  it('refuses a Free user a second list with a 403 that says why and what unlocks more', async () => {
    const { service } = setup();
    await service.create('ann', { name: 'Tech', symbols: ['AAPL'] });
    const refused = service.create('ann', { name: 'Banks', symbols: [] });
    await expect(refused).rejects.toThrow(Forbidden);
    await expect(refused).rejects.toThrow(
      'Your plan’s limit of watchlists is 1. Upgrade to Premium for more.',
    );
    expect((await service.list('ann')).limits).toEqual({
      tier: 'free',
      watchlists: 1,
      symbolsPerWatchlist: 20,
    });
  });

  it('refuses more symbols than the plan allows in one list', async () => {
    const { service } = setup();
    const symbols = Array.from({ length: 21 }, (_, i) => `S${i}`);
    await expect(service.create('ann', { name: 'Many', symbols })).rejects.toThrow(
      'Your plan’s limit of symbols per watchlist is 20.',
    );
  });

  it('gives Premium more, and after a downgrade keeps the extra lists read-only, never deleted', async () => {
    const { service, subscribe } = setup();
    await subscribe(premium);
    const first = await service.create('ann', { name: 'One', symbols: [] });
    const second = await service.create('ann', { name: 'Two', symbols: [] });
    await subscribe({ ...premium, status: 'canceled', observedAt: NOW + 60_000 });
    const { watchlists } = await service.list('ann');
    expect(watchlists.map((w) => [w.name, w.readOnly])).toEqual([
      ['One', false],
      ['Two', true],
    ]);
    await expect(
      service.update('ann', second.id, { name: 'Two', symbols: ['AAPL'], version: 1 }),
    ).rejects.toThrow(/kept read-only/);
    expect(
      await service.update('ann', first.id, { name: 'One', symbols: ['MSFT'], version: 1 }),
    ).toMatchObject({ symbols: ['MSFT'], version: 2, readOnly: false });
    expect(await service.delete('ann', second.id)).toEqual({ deleted: second.id });
  });

  it('answers a stale version with 409, an unknown list with 404, a taken name with 409', async () => {
    const { service, subscribe } = setup();
    await subscribe(premium);
    const list = await service.create('ann', { name: 'Tech', symbols: [] });
    await service.update('ann', list.id, { name: 'Tech', symbols: ['AAPL'], version: 1 });
    await expect(
      service.update('ann', list.id, { name: 'Tech', symbols: ['NVDA'], version: 1 }),
    ).rejects.toThrow(Conflict);
    await expect(service.delete('ann', 'wl_unknown000')).rejects.toThrow(NotFound);
    await expect(service.create('ann', { name: 'tech', symbols: [] })).rejects.toThrow(Conflict);
  });

  it('reorders the lists, and refuses a reorder made on a stale copy with a 409', async () => {
    const { service, subscribe } = setup();
    await subscribe(premium);
    const a = await service.create('ann', { name: 'A', symbols: [] });
    const b = await service.create('ann', { name: 'B', symbols: [] });
    const c = await service.create('ann', { name: 'C', symbols: [] });
    const order = (...lists: { id: string; version: number }[]) =>
      lists.map(({ id, version }) => ({ id, version }));

    const answer = await service.reorder('ann', order(c, a, b));
    expect(answer.watchlists.map((l) => l.name)).toEqual(['C', 'A', 'B']);
    expect((await service.list('ann')).watchlists.map((l) => l.name)).toEqual(['C', 'A', 'B']);

    // Another tab edited B meanwhile: this tab's order names B at its old version.
    await service.update('ann', b.id, { name: 'B2', symbols: ['AAPL'], version: 1 });
    await expect(service.reorder('ann', order(a, b, c))).rejects.toThrow(Conflict);
    // A list missing from the order (created elsewhere) is refused too, and nothing moved.
    await expect(service.reorder('ann', order(a, c))).rejects.toThrow(Conflict);
    expect((await service.list('ann')).watchlists.map((l) => l.name)).toEqual(['C', 'A', 'B2']);
  });
});
