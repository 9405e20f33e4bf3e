import type { CurationArea } from '../../../core/curation/overview';

/**
 * The keys of the byArea index (core/tables.ts) that a curated item and an audit entry carry, so
 * the console counts an area and lists its changes with one query each. The key names the company:
 * a deleted stock's record lives in a partition of its own (DELETED#<isin>) yet is the change of
 * that ISIN. Neither an ISIN nor an ISO time holds '#'.
 */
export const areaItemKeys = (area: CurationArea, isin: string, sk: string) => ({
  area,
  areaKey: `ITEM#${isin}#${sk}`,
});

/** An audit entry's keys: the time first, so a range over the sort key is a window in time. */
export const areaChangeKeys = (
  area: CurationArea,
  updatedAt: string,
  isin: string,
  sk: string,
) => ({
  area,
  areaKey: `CHANGE#${updatedAt}#${isin}#${sk}`,
});

export const AREA_ITEM_PREFIX = 'ITEM#';
export const AREA_CHANGE_PREFIX = 'CHANGE#';

/** The ISIN an index key names (ITEM#<isin>#…, CHANGE#<when>#<isin>#…). */
export const isinOfAreaKey = (areaKey: string): string => {
  const parts = areaKey.split('#');
  return (parts[0] === 'ITEM' ? parts[1] : parts[2]) ?? '';
};
