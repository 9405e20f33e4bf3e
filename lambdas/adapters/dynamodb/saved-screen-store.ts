import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SavedScreen } from '../../../core/saved-screens';
import type { SavedScreenChange, SavedScreenStore } from '../../ports/saved-screen-store';
import { savedScreensKey } from './users-keys';
import { updateVersioned } from './versioned-item';

interface SavedScreensItem {
  readonly screens: readonly SavedScreen[];
}

/**
 * A user's saved screens as one item of their users-table partition (`SCREENS`), written with a
 * versioned conditional put, as the watchlists are. Premium's 50 screens of a few dozen short
 * parameters stay far below DynamoDB's 400 KB item limit.
 */
export class DynamoDbSavedScreenStore implements SavedScreenStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(sub: string): Promise<readonly SavedScreen[]> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: savedScreensKey(sub),
        ConsistentRead: true,
      }),
    );
    return (Item as SavedScreensItem | undefined)?.screens ?? [];
  }

  change<R>(
    sub: string,
    change: (screens: readonly SavedScreen[]) => SavedScreenChange<R>,
  ): Promise<R> {
    return updateVersioned<SavedScreensItem, R>(
      this.client,
      this.tableName,
      savedScreensKey(sub),
      (current) => {
        const next = change(current?.screens ?? []);
        return next.screens ? { item: { screens: next.screens }, result: next.result } : next;
      },
    );
  }
}
