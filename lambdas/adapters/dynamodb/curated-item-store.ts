import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CURATED_HISTORY_LIMIT } from '../../../core/curation/history';
import { Conflict } from '../../../core/domain-errors';
import type {
  CuratedItem,
  CuratedItemStore,
  CuratedItemVersion,
  CuratedItemWrite,
} from '../../ports/curated-item-store';
import type { CurationArea } from '../../../core/curation/overview';
import { areaItemKeys } from './area-keys';
import {
  atVersion,
  auditEntries,
  auditKey,
  auditPut,
  companyExists,
  outOfHistory,
  getItem,
  type Item,
  type StocksTable,
} from './audit-trail';
import { lostRace } from './lost-race';

/** Where a kind of curated item lives: its sort key and the attribute holding its value. */
export interface CuratedItemLayout {
  /** 'ANALYST', 'SHARIAH', 'DESCRIPTION': the item the public reads. */
  readonly sk: string;
  /** The attribute of that item holding the value ('analyst', 'shariah', 'text'). */
  readonly attribute: string;
  /**
   * The field of the PROFILE item's `profile` holding the value as ingested ('description'), for
   * an item the ingest never writes: until curated it is served from there at version 0.
   */
  readonly ingested?: string;
  readonly conflictMessage: string;
  /** The curation area whose index (byArea) counts the item and lists its changes. */
  readonly area: CurationArea;
}

/**
 * A curated item in the stocks table, in the company's partition (isin):
 *   <sk>                          the value (in `attribute`, where the public reads it, so a
 *                                 change shows at once) with version, updatedAt, updatedBy
 *   AUDIT#<sk>#<version, 10 digits>  one entry per version (before, after, who, when)
 * Each write is one transaction: the company must exist, the put is conditional on the version
 * read, the audit entry may not exist yet (history is never overwritten), and the entry that falls
 * out of the last CURATED_HISTORY_LIMIT is deleted (audit-trail.ts). An entry holds two values of
 * a few KB, far below DynamoDB's 400 KB item limit.
 */
export class DynamoDbCuratedItemStore<T> implements CuratedItemStore<T> {
  private readonly table: StocksTable;

  constructor(
    client: DynamoDBDocumentClient,
    tableName: string,
    private readonly layout: CuratedItemLayout,
  ) {
    this.table = { client, tableName };
  }

  async current(isin: string): Promise<CuratedItem<T> | undefined> {
    const { sk, attribute, ingested } = this.layout;
    const [profile, item] = await Promise.all([
      getItem(
        this.table,
        isin,
        'PROFILE',
        ingested
          ? {
              expression: '#symbol, #profile.#ingested',
              names: { '#symbol': 'symbol', '#profile': 'profile', '#ingested': ingested },
            }
          : { expression: '#symbol', names: { '#symbol': 'symbol' } },
      ),
      getItem(this.table, isin, sk),
    ]);
    if (!profile) return undefined;
    const asIngested = ingested ? (profile.profile as Item | undefined)?.[ingested] : undefined;
    return {
      isin,
      symbol: String(profile.symbol),
      value: (item?.[attribute] ?? asIngested) as T | undefined,
      version: Number(item?.version ?? 0),
      updatedAt: typeof item?.updatedBy === 'string' ? String(item.updatedAt) : null,
      updatedBy: typeof item?.updatedBy === 'string' ? item.updatedBy : null,
    };
  }

  async storedValue(isin: string): Promise<T | undefined> {
    const { sk, attribute } = this.layout;
    const item = await getItem(this.table, isin, sk, {
      expression: '#value',
      names: { '#value': attribute },
    });
    return item?.[attribute] as T | undefined;
  }

  async history(isin: string): Promise<CuratedItemVersion<T>[]> {
    const items = await auditEntries(this.table, isin, this.layout.sk, CURATED_HISTORY_LIMIT);
    return items.map((item) => this.toVersion(item));
  }

  async entry(isin: string, version: number): Promise<CuratedItemVersion<T> | undefined> {
    const item = await getItem(this.table, isin, auditKey(this.layout.sk, version));
    return item ? this.toVersion(item) : undefined;
  }

  async write(change: CuratedItemWrite<T>): Promise<void> {
    const { isin, expectedVersion, before, after, updatedAt, updatedBy } = change;
    const { tableName: TableName } = this.table;
    const { sk, attribute, conflictMessage, area } = this.layout;
    const version = expectedVersion + 1;
    const drops = await outOfHistory(this.table, isin, sk, CURATED_HISTORY_LIMIT);
    try {
      await this.table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            companyExists(TableName, isin),
            {
              Put: {
                TableName,
                Item: {
                  isin,
                  sk,
                  [attribute]: after,
                  version,
                  updatedAt,
                  updatedBy,
                  ...areaItemKeys(area, isin, sk),
                },
                ...atVersion(expectedVersion),
              },
            },
            auditPut(TableName, isin, sk, version, area, {
              version,
              before,
              after,
              updatedAt,
              updatedBy,
            }),
            ...drops,
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(conflictMessage);
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
}
