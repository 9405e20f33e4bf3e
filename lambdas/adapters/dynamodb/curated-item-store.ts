import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { CURATED_HISTORY_LIMIT } from '../../../core/curation/history';
import { Conflict } from '../../../core/domain-errors';
import type {
  CuratedItem,
  CuratedItemStore,
  CuratedItemVersion,
  CuratedItemWrite,
} from '../../ports/curated-item-store';
import type { CurationArea } from '../../../core/curation/overview';
import { areaChangeKeys, areaItemKeys } from './area-keys';
import { lostRace } from './lost-race';

/** Where a kind of curated item lives: its sort key and the attribute holding its value. */
export interface CuratedItemLayout {
  /** 'ANALYST', 'SHARIAH': the item the public repository reads. */
  readonly sk: string;
  /** The attribute of that item holding the value ('analyst', 'shariah'). */
  readonly attribute: string;
  readonly conflictMessage: string;
  /** The curation area whose index (byArea) counts the item and lists its changes. */
  readonly area: CurationArea;
}

type Item = Record<string, unknown>;

/**
 * A curated item in the stocks table, in the company's partition (isin):
 *   <sk>                          the value (in `attribute`, where the public repository reads
 *                                 it, so a change shows at once) with version, updatedAt,
 *                                 updatedBy
 *   AUDIT#<sk>#<version, 10 digits>  one entry per version (before, after, who, when)
 * Each write is one transaction: the company must exist, the put is conditional on the version
 * read, the audit entry may not exist yet (history is never overwritten), and the entry that falls
 * out of the last CURATED_HISTORY_LIMIT is deleted. An entry holds two values of a few KB, far
 * below DynamoDB's 400 KB item limit.
 */
export class DynamoDbCuratedItemStore<T> implements CuratedItemStore<T> {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly layout: CuratedItemLayout,
  ) {}

  private auditKey(version: number): string {
    return `AUDIT#${this.layout.sk}#${String(version).padStart(10, '0')}`;
  }

  async current(isin: string): Promise<CuratedItem<T> | undefined> {
    const [profile, item] = await Promise.all([
      this.get(isin, 'PROFILE', '#symbol', { '#symbol': 'symbol' }),
      this.get(isin, this.layout.sk),
    ]);
    if (!profile) return undefined;
    return {
      isin,
      symbol: String(profile.symbol),
      value: item?.[this.layout.attribute] as T | undefined,
      version: Number(item?.version ?? 0),
      updatedAt: typeof item?.updatedBy === 'string' ? String(item.updatedAt) : null,
      updatedBy: typeof item?.updatedBy === 'string' ? item.updatedBy : null,
    };
  }

  async history(isin: string): Promise<CuratedItemVersion<T>[]> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':isin': isin, ':prefix': `AUDIT#${this.layout.sk}#` },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: CURATED_HISTORY_LIMIT,
      }),
    );
    return (result.Items ?? []).map((item) => this.toVersion(item));
  }

  async entry(isin: string, version: number): Promise<CuratedItemVersion<T> | undefined> {
    const item = await this.get(isin, this.auditKey(version));
    return item ? this.toVersion(item) : undefined;
  }

  async write(change: CuratedItemWrite<T>): Promise<void> {
    const { isin, expectedVersion, before, after, updatedAt, updatedBy } = change;
    const { tableName: TableName, layout } = this;
    const version = expectedVersion + 1;
    const dropped = version - CURATED_HISTORY_LIMIT;
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName,
                Key: { isin, sk: 'PROFILE' },
                ConditionExpression: 'attribute_exists(sk)',
              },
            },
            {
              Put: {
                TableName,
                Item: {
                  isin,
                  sk: layout.sk,
                  [layout.attribute]: after,
                  version,
                  updatedAt,
                  updatedBy,
                  ...areaItemKeys(layout.area, isin, layout.sk),
                },
                ...(expectedVersion === 0
                  ? { ConditionExpression: 'attribute_not_exists(sk)' }
                  : {
                      ConditionExpression: '#version = :expected',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':expected': expectedVersion },
                    }),
              },
            },
            {
              Put: {
                TableName,
                Item: {
                  isin,
                  sk: this.auditKey(version),
                  version,
                  before,
                  after,
                  updatedAt,
                  updatedBy,
                  ...areaChangeKeys(layout.area, updatedAt, isin, this.auditKey(version)),
                },
                ConditionExpression: 'attribute_not_exists(sk)',
              },
            },
            ...(dropped > 0
              ? [{ Delete: { TableName, Key: { isin, sk: this.auditKey(dropped) } } }]
              : []),
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(layout.conflictMessage);
      throw error;
    }
  }

  private toVersion(item: Item): CuratedItemVersion<T> {
    return {
      isin: String(item.isin),
      version: Number(item.version),
      before: (item.before ?? null) as T | null,
      after: item.after as T,
      updatedAt: String(item.updatedAt),
      updatedBy: String(item.updatedBy),
    };
  }

  private async get(
    isin: string,
    sk: string,
    projection?: string,
    names?: Record<string, string>,
  ): Promise<Item | undefined> {
    const result = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { isin, sk },
        ConsistentRead: true,
        ...(projection
          ? { ProjectionExpression: projection, ExpressionAttributeNames: names }
          : {}),
      }),
    );
    return result.Item;
  }
}
