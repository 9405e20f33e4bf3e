import type { StatementByKind, StatementKind } from '../../core/market/types';
import type { StatementCollection } from './stocks-repository';

/** Who changed a sheet last; absent for a sheet as ingested (version 0). */
export interface SheetMeta {
  readonly version: number;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** A company's sheets of one kind as stored, with the revision the next write is conditional on. */
/** The company the sheets belong to: what a stored statement repeats of it. */
export interface SheetCompany {
  readonly symbol: string;
  readonly currency: string;
}

export interface SheetCollectionState<K extends StatementKind = StatementKind> {
  readonly kind: K;
  readonly company: SheetCompany;
  readonly collection: StatementCollection<K>;
  /** The stored item's revision (0: no item yet); every write of the kind raises it by one. */
  readonly revision: number;
  /** Per sheet id: its version and who changed it last. Sheets not listed are at version 0. */
  readonly meta: Readonly<Record<string, SheetMeta>>;
}

/** One sheet's change inside a revision: before null = added, after null = deleted. */
export interface SheetChange<K extends StatementKind = StatementKind> {
  readonly id: string;
  /** The sheet's version after this change. */
  readonly version: number;
  readonly before: StatementByKind[K] | null;
  readonly after: StatementByKind[K] | null;
}

export type SheetChangeSource = 'edit' | 'restore' | 'delete' | 'import';

/** One audit entry: a revision of a company's sheets of one kind. */
export interface SheetRevision<K extends StatementKind = StatementKind> {
  readonly isin: string;
  readonly kind: K;
  readonly revision: number;
  readonly source: SheetChangeSource;
  readonly changes: readonly SheetChange<K>[];
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/** A new revision of one kind: the whole collection as it is to be stored, and its audit entry. */
export interface SheetWrite<K extends StatementKind = StatementKind> {
  readonly expectedRevision: number;
  readonly collection: StatementCollection<K>;
  readonly meta: Readonly<Record<string, SheetMeta>>;
  readonly audit: Omit<SheetRevision<K>, 'revision'>;
}

/**
 * Port over the curated statement sheets (stocks table, the company's partition). A kind's sheets
 * are one stored collection (the public API reads them together, and a company's import stays
 * within one transaction); every write replaces it conditionally on its revision and records the
 * change as an audit entry in the same transaction, keeping the last SHEET_HISTORY_LIMIT.
 */
export interface SheetStore {
  /** The company's sheets of the kind (empty at revision 0 if none); undefined: no such company. */
  read<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<SheetCollectionState<K> | undefined>;
  /**
   * Stores each kind's new revision and audit entry in one transaction: all or nothing. Throws
   * Conflict (nothing written) when any kind's revision is no longer the expected one.
   */
  write(isin: string, writes: readonly SheetWrite[]): Promise<void>;
  /** The kept audit entries of the kind, newest first. */
  history<K extends StatementKind>(isin: string, kind: K): Promise<SheetRevision<K>[]>;
}
