import type { SavedScreen } from '../../core/saved-screens';
import type { CollectionChange, UserCollection } from './user-collection';

/** What a change of a user's saved screens answers: the screens to store (none: store nothing). */
export type SavedScreenChange<R> = CollectionChange<'screens', SavedScreen, R>;

/** Port over a user's saved screens, changed all together (user-collection.ts). */
export type SavedScreenStore = UserCollection<'screens', SavedScreen>;
