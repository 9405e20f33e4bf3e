import { describe, expect, it } from 'vitest';
import { readOnlyWatchlistText, reorderedLists, withReadOnly, type Watchlist } from './watchlists';

const list = (id: string, createdAt: string): Watchlist => ({
  id,
  name: id,
  symbols: [],
  version: 1,
  createdAt,
  updatedAt: createdAt,
});

describe('watchlists beyond the plan', () => {
  it('keeps the oldest lists editable and the rest read-only, never dropping one', () => {
    const views = withReadOnly(
      [list('c', '2026-03-01'), list('a', '2026-01-01'), list('b', '2026-02-01')],
      1,
    );
    // The user's order stays; only the oldest list is editable.
    expect(views.map((v) => [v.id, v.readOnly])).toEqual([
      ['c', true],
      ['a', false],
      ['b', true],
    ]);
  });

  it('says why and what to do', () => {
    expect(readOnlyWatchlistText(1)).toMatch(/allows 1 editable watchlist\. Upgrade/);
  });
});

describe('reordering watchlists', () => {
  const lists = [list('a', '2026-01-01'), list('b', '2026-02-01'), list('c', '2026-03-01')];
  const entry = (id: string, version = 1) => ({ id, version });

  it('puts the lists in the order asked for', () => {
    const next = reorderedLists(lists, [entry('c'), entry('a'), entry('b')]);
    expect(typeof next !== 'string' && next.map((l) => l.id)).toEqual(['c', 'a', 'b']);
  });

  it('tells an id the user does not have (another user’s) as unknown', () => {
    expect(reorderedLists(lists, [entry('c'), entry('a'), entry('x')])).toBe('unknown');
    expect(reorderedLists([], [entry('a')])).toBe('unknown');
  });

  it('refuses an order made on a stale copy: a list missing, unknown, repeated or edited', () => {
    expect(reorderedLists(lists, [entry('c'), entry('a')])).toBe('stale');
    expect(reorderedLists(lists, [entry('c'), entry('a'), entry('a')])).toBe('stale');
    expect(reorderedLists(lists, [entry('c'), entry('a'), entry('b', 2)])).toBe('stale');
  });
});
