import type { SavedScreen } from '../../core/saved-screens';

/** What a change of a user's saved screens answers: the screens to store (none: store nothing). */
export type SavedScreenChange<R> =
  | { readonly screens: readonly SavedScreen[]; readonly result: R }
  | { readonly screens?: undefined; readonly result: R };

/**
 * Port over a user's saved screens, keyed by the Cognito sub and changed all together, so the
 * plan's limit holds under concurrent writers (`change` runs again on what another one stored).
 */
export interface SavedScreenStore {
  list(sub: string): Promise<readonly SavedScreen[]>;
  change<R>(
    sub: string,
    change: (screens: readonly SavedScreen[]) => SavedScreenChange<R>,
  ): Promise<R>;
}
