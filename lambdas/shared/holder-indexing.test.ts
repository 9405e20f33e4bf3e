import { describe, expect, it } from 'vitest';
import type { Portfolio } from '../../core/portfolios';
import type { Watchlist } from '../../core/watchlists';
import { InMemoryPortfolioStore } from '../adapters/testing/memory/portfolio-store';
import { InMemoryVerdictHolders } from '../adapters/testing/memory/verdict-watch';
import { InMemoryWatchlistStore } from '../adapters/testing/memory/watchlist-store';
import { holdingCheck } from '../alerts/holds-symbol';
import { holderIndexedPortfolios, holderIndexedWatchlists } from './holder-indexing';

const AT = '2026-11-26T16:00:00.000Z';
const PORTFOLIO: Portfolio = {
  id: 'pf_000000000000000000000001',
  name: 'Long term',
  currency: 'USD',
  benchmark: '^IXIC',
  version: 1,
  createdAt: AT,
  updatedAt: AT,
};
const list = (symbols: string[]): Watchlist => ({
  id: 'wl_1',
  name: 'Tech',
  symbols,
  version: 1,
  createdAt: AT,
  updatedAt: AT,
});
const indexed = (holders: InMemoryVerdictHolders) =>
  Object.fromEntries([...holders.index].map(([symbol, subs]) => [symbol, [...subs].sort()]));

describe('holderIndexedWatchlists', () => {
  it('indexes the symbols a change brings into the lists, before it is stored', async () => {
    const holders = new InMemoryVerdictHolders();
    const inner = new InMemoryWatchlistStore();
    const seenAtWrite: Record<string, string[]>[] = [];
    const store = holderIndexedWatchlists(inner, holders);
    const change = inner.change.bind(inner);
    inner.change = (sub, fn) => {
      seenAtWrite.push(indexed(holders));
      return change(sub, fn);
    };
    await store.change('ann', () => ({ lists: [list(['aapl', 'MSFT'])], result: null }));
    expect(seenAtWrite[0]).toEqual({ AAPL: ['ann'], MSFT: ['ann'] });
    await store.change('bob', () => ({ lists: [list(['MSFT'])], result: null }));
    // A removal indexes nothing and removes nothing (the evaluator checks each holder).
    await store.change('ann', () => ({ lists: [list(['MSFT'])], result: null }));
    expect(indexed(holders)).toEqual({ AAPL: ['ann'], MSFT: ['ann', 'bob'] });
  });

  it('indexes nothing for a change that stores nothing or is refused', async () => {
    const holders = new InMemoryVerdictHolders();
    const store = holderIndexedWatchlists(new InMemoryWatchlistStore(), holders);
    await store.change('ann', () => ({ result: null }));
    await expect(
      store.change('ann', () => {
        throw new Error('limit reached');
      }),
    ).rejects.toThrow('limit reached');
    expect(holders.index.size).toBe(0);
  });
});

describe('holderIndexedPortfolios', () => {
  it('indexes the symbols of the transactions a change stores, before storing them', async () => {
    const holders = new InMemoryVerdictHolders();
    const inner = new InMemoryPortfolioStore();
    const store = holderIndexedPortfolios(inner, holders);
    await store.create('ann', PORTFOLIO, 1);
    const outcome = await store.change(
      'ann',
      PORTFOLIO.id,
      1,
      {
        add: [
          { type: 'deposit', date: '2026-01-02', amount: 1000, currency: 'USD' },
          {
            type: 'buy',
            date: '2026-01-05',
            symbol: 'AAPL',
            quantity: 2,
            price: 150,
            fees: 0,
            currency: 'USD',
          },
        ],
      },
      AT,
    );
    expect(outcome.stale).toBe(false);
    expect(indexed(holders)).toEqual({ AAPL: ['ann'] });

    // The evaluator's check: held while shares are, not once sold down to nothing.
    const holds = holdingCheck(new InMemoryWatchlistStore(), inner);
    expect(await holds('ann', 'aapl')).toBe(true);
    expect(await holds('bob', 'AAPL')).toBe(false);
    await store.change(
      'ann',
      PORTFOLIO.id,
      2,
      {
        add: [
          {
            type: 'sell',
            date: '2026-02-05',
            symbol: 'AAPL',
            quantity: 2,
            price: 160,
            fees: 0,
            currency: 'USD',
          },
        ],
      },
      AT,
    );
    expect(await holds('ann', 'AAPL')).toBe(false);
  });
});
