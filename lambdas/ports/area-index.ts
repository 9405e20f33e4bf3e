import type { AreaChange, CurationArea } from '../../core/curation/overview';

/**
 * Port over the index of the curation areas (core/tables.ts, byArea): how many items an area
 * holds and its changes, newest first. The stores write the index's keys with each item and audit
 * entry (lambdas/adapters/dynamodb/area-keys.ts).
 */
export interface AreaIndex {
  /** Items in the area; `isins` limits the count to those companies. */
  count(area: CurationArea, isins?: ReadonlySet<string>): Promise<number>;
  /** The area's changes at or after `since`, newest first. */
  changesSince(area: CurationArea, since: string): Promise<AreaChange[]>;
  /** The newest change `accept` takes (an editor's readable ISINs), looking back over the kept ones. */
  lastChange(area: CurationArea, accept: (isin: string) => boolean): Promise<AreaChange | null>;
}
