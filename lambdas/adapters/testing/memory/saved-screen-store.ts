import type { SavedScreen } from '../../../../core/saved-screens';
import type { SavedScreenStore } from '../../../ports/saved-screen-store';
import { InMemoryUserCollection } from './user-collection';

/** Saved screens in memory (unit tests). */
export class InMemorySavedScreenStore
  extends InMemoryUserCollection<'screens', SavedScreen>
  implements SavedScreenStore
{
  constructor() {
    super('screens');
  }
}
