import * as z from 'zod';

/**
 * How many versions of a curated item (analyst data, Shariah inputs, description) the audit trail
 * keeps; older entries are deleted in the transaction that writes a new one, so storage stays
 * bounded per item.
 */
export const CURATED_HISTORY_LIMIT = 50;

/** A version number as the curation API passes it (0: the item does not exist yet). */
export const versionSchema = z
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(2 ** 31 - 1, 'is out of range');

/**
 * One audit entry of a curated item, as the service keeps it and the API answers it (values as
 * AWSJSON text on the wire): who changed it when, from what (null: it had none) to what.
 */
export interface CuratedItemVersion<T> {
  readonly isin: string;
  readonly version: number;
  readonly before: T | null;
  readonly after: T;
  readonly updatedAt: string;
  readonly updatedBy: string;
}
