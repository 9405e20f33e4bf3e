import { localStore, readItem, writeItem } from '../../../lib/browser-storage';

/** Recently viewed stocks are kept in this browser only: nothing about them goes to a server. */
export const RECENTLY_VIEWED_KEY = 'stockscope.recentlyViewed';
export const RECENTLY_VIEWED_MAX = 8;

export interface RecentStock {
  readonly symbol: string;
  readonly name: string;
}

export function recentlyViewed(): RecentStock[] {
  try {
    const parsed: unknown = JSON.parse(readItem(localStore(), RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (s): s is RecentStock =>
            typeof s === 'object' &&
            s !== null &&
            typeof (s as RecentStock).symbol === 'string' &&
            typeof (s as RecentStock).name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Puts the stock first, once, keeping the newest RECENTLY_VIEWED_MAX. */
export function rememberViewed(stock: RecentStock): void {
  const rest = recentlyViewed().filter((s) => s.symbol !== stock.symbol);
  writeItem(
    localStore(),
    RECENTLY_VIEWED_KEY,
    JSON.stringify([stock, ...rest].slice(0, RECENTLY_VIEWED_MAX)),
  );
}
