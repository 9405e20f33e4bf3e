import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CollectionChange, UserCollection } from '../../ports/user-collection';
import type { ItemKey } from './users-keys';
import { updateVersioned } from './versioned-item';

/** Where a collection lives in a user's partition, and what its item holds besides the items. */
export interface CollectionLayout<K extends string, T> {
  /** The item's key (users-keys.ts), e.g. `USER#<sub>` / `WATCHLISTS`. */
  readonly key: (sub: string) => ItemKey;
  /** The attribute holding the items, named as the port's change names them. */
  readonly attribute: K;
  /** More attributes of the item for these items (the alerts' armed index shard). */
  readonly extra?: (sub: string, items: readonly T[]) => Readonly<Record<string, unknown>>;
}

/** The collection as stored: its items and the item's version. */
export interface StoredCollection<T> {
  readonly items: readonly T[];
  readonly version: number;
}

type CollectionItem = Readonly<Record<string, unknown>>;

/**
 * A user's collection (watchlists, saved screens, alerts) as one item of their users-table
 * partition, written with a versioned conditional put (versioned-item.ts): a plan's limit over all
 * of them cannot be raced past. The largest a plan allows stays far below DynamoDB's 400 KB item
 * limit.
 */
export class DynamoDbUserCollection<K extends string, T> implements UserCollection<K, T> {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
    private readonly layout: CollectionLayout<K, T>,
  ) {}

  async list(sub: string): Promise<readonly T[]> {
    return (await this.stored(sub))?.items ?? [];
  }

  change<R>(sub: string, change: (items: readonly T[]) => CollectionChange<K, T, R>): Promise<R> {
    return updateVersioned<CollectionItem, R>(
      this.client,
      this.tableName,
      this.layout.key(sub),
      (current) => {
        const next = change(current ? this.itemsOf(current) : []);
        const items = next[this.layout.attribute] as readonly T[] | undefined;
        return items ? { item: this.item(sub, items), result: next.result } : next;
      },
    );
  }

  /** The user's items with the item's version (a consistent read); undefined before the first. */
  protected async stored(sub: string): Promise<StoredCollection<T> | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: this.layout.key(sub),
        ConsistentRead: true,
      }),
    );
    return Item && { items: this.itemsOf(Item), version: Item.version as number };
  }

  /** The item's attributes for these items (without key and version). */
  protected item(sub: string, items: readonly T[]): CollectionItem {
    return { [this.layout.attribute]: items, ...this.layout.extra?.(sub, items) };
  }

  protected itemsOf(item: CollectionItem): readonly T[] {
    return (item[this.layout.attribute] as readonly T[] | undefined) ?? [];
  }
}
