import type { CuratedItemVersion } from '../../core/curation/history';

/** The audit entry's shape is core's: the API answers it as the service keeps it. */
export type { CuratedItemVersion };

/**
 * A company's curated item (analyst data, Shariah inputs, description) with its version and last
 * change.
 */
export interface CuratedItem<T> {
  readonly isin: string;
  /** The company's ticker: what the stored value repeats of it. */
  readonly symbol: string;
  /** undefined while the company has no such item (nor, for a description, an ingested one). */
  readonly value: T | undefined;
  /**
   * 0 without an item (a description's ingested text is at 0 too); an ingested item is at the
   * version the ingest gave it.
   */
  readonly version: number;
  readonly updatedAt: string | null;
  readonly updatedBy: string | null;
}

export interface CuratedItemWrite<T> {
  readonly isin: string;
  /** The version the writer read; the write happens only if it is still current. */
  readonly expectedVersion: number;
  readonly before: T | null;
  readonly after: T;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/**
 * Port over one kind of curated item in the stocks table (the company's partition): the current
 * value with its version, and the audit trail of the last CURATED_HISTORY_LIMIT versions.
 */
export interface CuratedItemStore<T> {
  /** undefined for an unknown ISIN. */
  current(isin: string): Promise<CuratedItem<T> | undefined>;
  /**
   * Only the stored value (undefined while there is no item), in one consistent read: what the
   * public profile overlays on every request, so a curated description shows at once.
   */
  storedValue(isin: string): Promise<T | undefined>;
  /** The kept audit entries, newest first. */
  history(isin: string): Promise<CuratedItemVersion<T>[]>;
  entry(isin: string, version: number): Promise<CuratedItemVersion<T> | undefined>;
  /**
   * Stores `after` as version expectedVersion + 1 with its audit entry, atomically, and drops the
   * entry that falls out of the kept history. Conflict (nothing written) when stale.
   */
  write(change: CuratedItemWrite<T>): Promise<void>;
}
