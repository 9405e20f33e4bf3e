import { MARKET_INDEXES } from '@core/market/indexes';
import { localStore, readItem, writeItem } from '../../../lib/browser-storage';

/** The indexes the user picked for the dashboard's market summary (kept in this browser). */
export const PICKED_INDEXES_KEY = 'stockscope.dashboardIndexes';
export const DEFAULT_PICKED_INDEXES: readonly string[] = ['^GSPC', '^IXIC', '^DJI'];

const known = new Set<string>(MARKET_INDEXES.map((i) => i.symbol));

export function pickedIndexes(): string[] {
  try {
    const stored = readItem(localStore(), PICKED_INDEXES_KEY);
    if (stored === undefined) return [...DEFAULT_PICKED_INDEXES];
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((s): s is string => typeof s === 'string' && known.has(s))
      : [...DEFAULT_PICKED_INDEXES];
  } catch {
    return [...DEFAULT_PICKED_INDEXES];
  }
}

export const storePickedIndexes = (symbols: readonly string[]): void => {
  writeItem(localStore(), PICKED_INDEXES_KEY, JSON.stringify(symbols));
};
