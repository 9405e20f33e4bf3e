/**
 * The kill-9 harness's bookkeeping, apart from the processes: which writes the product
 * acknowledged, and which of them the restarted product no longer has.
 */

/** One stream of versioned writes to one item (a description, a watchlist, a permission set). */
export type Stream = 'curation' | 'watchlist' | 'permissions';

/** A write the product acknowledged (2xx, or GraphQL data without errors) with the version it made. */
export interface Acknowledged {
  readonly stream: Stream;
  readonly version: number;
}

/** What the restarted product holds for a stream: the item's version and its audited versions. */
export interface Observed {
  readonly version: number;
  /** The versions with an audit entry; undefined for an item whose audit lives in the item. */
  readonly audited?: ReadonlySet<number>;
}

export interface Lost {
  readonly stream: Stream;
  readonly version: number;
  readonly reason: 'item older' | 'no audit entry';
}

/**
 * The acknowledged writes the product lost: the item is at an older version than one it
 * acknowledged (a later, unacknowledged write that made it is fine: the kill came after the
 * commit and before the answer), or an acknowledged version has no audit entry.
 */
export function lostWrites(
  acknowledged: readonly Acknowledged[],
  observed: Readonly<Record<Stream, Observed>>,
): Lost[] {
  const lost: Lost[] = [];
  for (const write of acknowledged) {
    const now = observed[write.stream];
    if (now.version < write.version) {
      lost.push({ stream: write.stream, version: write.version, reason: 'item older' });
    } else if (now.audited && !now.audited.has(write.version)) {
      lost.push({ stream: write.stream, version: write.version, reason: 'no audit entry' });
    }
  }
  return lost;
}

/** Totals over the runs, as docs/durability.md reports them. */
export function summary(runs: readonly { acknowledged: number; lost: number }[]): {
  runs: number;
  acknowledged: number;
  lost: number;
} {
  return {
    runs: runs.length,
    acknowledged: runs.reduce((sum, r) => sum + r.acknowledged, 0),
    lost: runs.reduce((sum, r) => sum + r.lost, 0),
  };
}
