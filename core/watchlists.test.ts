import { describe, expect, it } from 'vitest';
import { readOnlyWatchlistText, withReadOnly, type Watchlist } from './watchlists';

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
    expect(views.map((v) => [v.id, v.readOnly])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
  });

  it('says why and what to do', () => {
    expect(readOnlyWatchlistText(1)).toMatch(/allows 1 editable watchlist\. Upgrade/);
  });
});
