import { describe, expect, it } from 'vitest';
import { lostWrites, summary } from './ledger';

const observed = (curation: number, audited: number[], watchlist: number, permissions: number) => ({
  curation: { version: curation, audited: new Set(audited) },
  watchlist: { version: watchlist },
  permissions: { version: permissions },
});

describe('lostWrites', () => {
  it('finds none when every acknowledged version is there with its audit entry', () => {
    const acked = [
      { stream: 'curation' as const, version: 1 },
      { stream: 'curation' as const, version: 2 },
      { stream: 'watchlist' as const, version: 3 },
    ];
    expect(lostWrites(acked, observed(2, [1, 2], 3, 0))).toEqual([]);
  });

  it('accepts a newer version than acknowledged: committed, killed before the answer', () => {
    expect(lostWrites([{ stream: 'permissions', version: 4 }], observed(0, [], 0, 5))).toEqual([]);
  });

  it('reports an item older than an acknowledged write, and a missing audit entry', () => {
    const acked = [
      { stream: 'curation' as const, version: 7 },
      { stream: 'watchlist' as const, version: 2 },
    ];
    expect(lostWrites(acked, observed(7, [6], 1, 0))).toEqual([
      { stream: 'curation', version: 7, reason: 'no audit entry' },
      { stream: 'watchlist', version: 2, reason: 'item older' },
    ]);
    expect(lostWrites([{ stream: 'curation', version: 7 }], observed(6, [6], 0, 0))).toEqual([
      { stream: 'curation', version: 7, reason: 'item older' },
    ]);
  });
});

describe('summary', () => {
  it('adds the runs up', () => {
    expect(
      summary([
        { acknowledged: 12, lost: 0 },
        { acknowledged: 20, lost: 1 },
      ]),
    ).toEqual({
      runs: 2,
      acknowledged: 32,
      lost: 1,
    });
  });
});
