import type { CuratedDescription, DescriptionVersion } from '../../core/curation/description';

/** One versioned change of a description, with its audit entry. */
export interface DescriptionWrite {
  readonly isin: string;
  /** The version the writer read; the write happens only if it is still current. */
  readonly expectedVersion: number;
  readonly before: string;
  readonly after: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

/**
 * Port over the curated company descriptions (stocks table, the company's partition): the current
 * text with its version, and the audit trail of the last DESCRIPTION_HISTORY_LIMIT versions.
 */
export interface DescriptionStore {
  /** The description as curated, or the ingested one at version 0; undefined for an unknown ISIN. */
  current(isin: string): Promise<CuratedDescription | undefined>;
  /** Only the curated text (undefined until curated): what the public profile overlays. */
  curatedText(isin: string): Promise<string | undefined>;
  /** The kept audit entries, newest first. */
  history(isin: string): Promise<DescriptionVersion[]>;
  entry(isin: string, version: number): Promise<DescriptionVersion | undefined>;
  /**
   * Stores `after` as version expectedVersion + 1 together with its audit entry, atomically, and
   * drops the entry that falls out of the kept history. Throws Conflict (nothing written) when the
   * version is no longer `expectedVersion`.
   */
  write(change: DescriptionWrite): Promise<void>;
}
