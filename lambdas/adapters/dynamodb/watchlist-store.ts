import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Watchlist } from '../../../core/watchlists';
import type { WatchlistStore } from '../../ports/watchlist-store';
import { DynamoDbUserCollection } from './user-collection';
import { watchlistsKey } from './users-keys';

/**
 * A user's watchlists as one versioned item (`WATCHLISTS`, attribute `lists`) of their partition.
 * The largest a plan allows (20 lists of 200 symbols) stays far below the 400 KB item limit.
 */
export class DynamoDbWatchlistStore
  extends DynamoDbUserCollection<'lists', Watchlist>
  implements WatchlistStore
{
  constructor(client: DynamoDBDocumentClient, tableName: string) {
    super(client, tableName, { key: watchlistsKey, attribute: 'lists' });
  }
}
