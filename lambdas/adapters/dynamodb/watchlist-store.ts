import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Watchlist } from '../../../core/watchlists';
import type { WatchlistChange, WatchlistStore } from '../../ports/watchlist-store';
import { watchlistsKey } from './users-keys';
import { updateVersioned } from './versioned-item';

interface WatchlistsItem {
  readonly lists: readonly Watchlist[];
}

/**
 * A user's watchlists as one item of their users-table partition (`WATCHLISTS`), written with a
 * versioned conditional put: a plan's limit over all lists cannot be raced past. The largest a
 * plan allows (20 lists of 200 symbols) stays far below DynamoDB's 400 KB item limit.
 */
export class DynamoDbWatchlistStore implements WatchlistStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(sub: string): Promise<readonly Watchlist[]> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: watchlistsKey(sub), ConsistentRead: true }),
    );
    return (Item as WatchlistsItem | undefined)?.lists ?? [];
  }

  change<R>(sub: string, change: (lists: readonly Watchlist[]) => WatchlistChange<R>): Promise<R> {
    return updateVersioned<WatchlistsItem, R>(
      this.client,
      this.tableName,
      watchlistsKey(sub),
      (current) => {
        const next = change(current?.lists ?? []);
        return next.lists ? { item: { lists: next.lists }, result: next.result } : next;
      },
    );
  }
}
