import type { Tier } from './subscription';

/**
 * A user's saved screens: a name and the screener's query parameters as the address holds them
 * (core/market/stock-screen.ts), so loading one is opening its address. Kept per user in the
 * users table under the token's sub.
 */
export interface SavedScreen {
  readonly id: string;
  readonly name: string;
  /** The screen's filters and view (sort, order, limit), as query-string values. */
  readonly params: Readonly<Record<string, string>>;
  /** ISO instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SavedScreensAnswer {
  readonly screens: readonly SavedScreen[];
  readonly limits: { readonly tier: Tier; readonly savedScreens: number };
}

export const SAVED_SCREEN_NAME_MAX = 60;
export const SAVED_SCREEN_ID = /^sc_[a-f0-9]{24}$/;
