import type { SavedScreen } from '../../../core/saved-screens';
import type { SavedScreenChange, SavedScreenStore } from '../../ports/saved-screen-store';

/** Saved screens in memory (unit tests). */
export class InMemorySavedScreenStore implements SavedScreenStore {
  readonly screens = new Map<string, readonly SavedScreen[]>();

  async list(sub: string): Promise<readonly SavedScreen[]> {
    return this.screens.get(sub) ?? [];
  }

  async change<R>(
    sub: string,
    change: (screens: readonly SavedScreen[]) => SavedScreenChange<R>,
  ): Promise<R> {
    const next = change(this.screens.get(sub) ?? []);
    if (next.screens) this.screens.set(sub, next.screens);
    return next.result;
  }
}
