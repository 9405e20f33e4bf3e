import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SavedScreen } from '../../../core/saved-screens';
import type { SavedScreenStore } from '../../ports/saved-screen-store';
import { DynamoDbUserCollection } from './user-collection';
import { savedScreensKey } from './users-keys';

/**
 * A user's saved screens as one versioned item (`SCREENS`, attribute `screens`) of their
 * partition. Premium's 50 screens of a few dozen short parameters stay far below the 400 KB limit.
 */
export class DynamoDbSavedScreenStore
  extends DynamoDbUserCollection<'screens', SavedScreen>
  implements SavedScreenStore
{
  constructor(client: DynamoDBDocumentClient, tableName: string) {
    super(client, tableName, { key: savedScreensKey, attribute: 'screens' });
  }
}
