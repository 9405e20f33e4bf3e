import * as z from 'zod';
import type { ItemResource } from '../permissions';

/**
 * The curation areas the console's overview and the admin dashboard report on: the data resources
 * of §3's permission set (USERS is the directory's, counted by AdminQueries). Each area's items and
 * audit entries are indexed by area (core/tables.ts, byArea).
 */
export const CURATION_AREAS = [
  'STOCKS',
  'SHEETS',
  'ANALYST',
  'SHARIAH',
  'DESCRIPTION',
] as const satisfies readonly (ItemResource | 'SHARIAH')[];
export type CurationArea = (typeof CURATION_AREAS)[number];

/** How far back "recent changes" reach on the overview and the dashboard. */
export const OVERVIEW_WINDOW_DAYS = 7;

/** At most this many recent changes are listed (the counts per person cover the whole window). */
export const OVERVIEW_RECENT_LIMIT = 20;

/** What an area's count counts, for the overview's cards. */
export const AREA_COUNT_NOUNS: Readonly<Record<CurationArea, readonly [string, string]>> = {
  STOCKS: ['stock', 'stocks'],
  SHEETS: ['statement set', 'statement sets'],
  ANALYST: ['company with analyst data', 'companies with analyst data'],
  SHARIAH: ['company with Shariah inputs', 'companies with Shariah inputs'],
  // Only the descriptions an editor wrote: a stock page without one shows its provider's text,
  // which no curation item holds, so "descriptions" read as none where every page shows one.
  DESCRIPTION: ['curated description', 'curated descriptions'],
};

/**
 * The curation API's overview query, every field the console's overview and the admin dashboard
 * read (the CurationOverview shape below): the SPA, the tests and the bench send this one text.
 */
export const CURATION_OVERVIEW_QUERY = `query CurationOverview {
  curationOverview {
    since
    areas { area count recentChanges lastChange { area isin updatedAt updatedBy } }
    changesByPerson { who changes }
    recent { area isin updatedAt updatedBy }
    lastIngest {
      source startedAt finishedAt ingested failed failures { symbol reason }
      refusals { endpoint exchange message companies }
    }
  }
}`;

/** One change of a curated item, as the feed lists it (the item's own history has the diff). */
export interface AreaChange {
  readonly area: CurationArea;
  readonly isin: string;
  readonly updatedAt: string;
  readonly updatedBy: string;
}

export interface AreaOverview {
  readonly area: CurationArea;
  /**
   * Items in the area the caller may read: the whole area, or where an editor's set names single
   * ISINs, the items of those (the rest of the area is not theirs to see).
   */
  readonly count: number;
  /** Changes in the window that the caller may read. */
  readonly recentChanges: number;
  /** The newest change the caller may read (within the kept history), if any. */
  readonly lastChange: AreaChange | null;
}

export interface PersonChanges {
  readonly who: string;
  readonly changes: number;
}

export interface IngestFailureView {
  readonly symbol: string;
  readonly reason: string;
}

/**
 * Calls the data provider's plan refused in one run, for one endpoint and one exchange: what the
 * key's plan does not cover, in the provider's own words (not "no data", and not transient).
 */
export interface IngestRefusalView {
  /** The provider's endpoint, e.g. '/stable/grades'. */
  readonly endpoint: string;
  /** The exchange of the companies refused; null for a call about no one company (an index list). */
  readonly exchange: string | null;
  /** The provider's words. */
  readonly message: string;
  /** Companies refused (0 for a call about no one company). */
  readonly companies: number;
}

/** The last run of the data ingest (admins only). */
export interface IngestRunView {
  readonly source: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly ingested: number;
  readonly failed: number;
  /** The first failures, with their reasons (the run records a bounded number). */
  readonly failures: readonly IngestFailureView[];
  /** What the provider's plan refused, by endpoint and exchange (a bounded number). */
  readonly refusals: readonly IngestRefusalView[];
}

/** The overview of the areas the caller may read, and for admins the last ingest. */
export interface CurationOverview {
  /** The start of the window of recent changes. */
  readonly since: string;
  readonly areas: readonly AreaOverview[];
  /** Changes in the window by person, most first. */
  readonly changesByPerson: readonly PersonChanges[];
  /** The newest changes in the window, newest first (OVERVIEW_RECENT_LIMIT at most). */
  readonly recent: readonly AreaChange[];
  /** Null when no ingest has run, or for an editor. */
  readonly lastIngest: IngestRunView | null;
}

export const OVERVIEW_ARGS = { curationOverview: z.object({}) } as const;

/** The start of the window of recent changes for a moment. */
export const overviewSince = (now: Date): string =>
  new Date(now.getTime() - OVERVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** Counts of changes per person, most first, then by name. */
export function changesByPerson(changes: readonly AreaChange[]): PersonChanges[] {
  const counts = new Map<string, number>();
  for (const change of changes)
    counts.set(change.updatedBy, (counts.get(change.updatedBy) ?? 0) + 1);
  return [...counts]
    .map(([who, n]) => ({ who, changes: n }))
    .sort((a, b) => b.changes - a.changes || a.who.localeCompare(b.who));
}
