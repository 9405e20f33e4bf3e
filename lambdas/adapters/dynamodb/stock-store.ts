import {
  DeleteCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { CURATED_HISTORY_LIMIT } from '../../../core/curation/history';
import {
  STOCK_CONFLICT_MESSAGE,
  type CuratedStock,
  type StockVersion,
} from '../../../core/curation/stock';
import { Conflict } from '../../../core/domain-errors';
import type { CompanyProfile } from '../../../core/market/types';
import type { NewStock, StockChange, StockStore, WrittenStock } from '../../ports/stock-store';
import {
  auditEntries,
  auditKey,
  auditPut,
  outOfHistory,
  getItem,
  type Item,
  type StocksTable,
} from './audit-trail';
import { logger } from '../../shared/observability/logger';
import { bumpListRevision } from './list-revision';
import { lostRace } from './lost-race';
import { areaChangeKeys, areaItemKeys } from './area-keys';

/**
 * Stocks as the console curates them, in the stocks table:
 *   <isin> / PROFILE                 the profile the public pages read, with `version`,
 *                                    `updatedAt`, `updatedBy` and `hidden`
 *   <isin> / AUDIT#PROFILE#<v>       one audit entry per version (before, after, who, when), the
 *                                    last CURATED_HISTORY_LIMIT kept (audit-trail.ts)
 *   SYMBOL#<symbol> / SYMBOL         the symbol's holder: a conditional put in the create's
 *                                    transaction makes two concurrent adds of one symbol
 *                                    impossible (the bySymbol index is only eventually consistent)
 *   DELETED#<isin> / <deletedAt>     the record of a deletion, outside the deleted partition
 */
const PROFILE = 'PROFILE';
const symbolKey = (symbol: string) => ({ isin: `SYMBOL#${symbol}`, sk: 'SYMBOL' });
const DELETE_CONCURRENCY = 8;

function toVersion(item: Item): StockVersion {
  return {
    isin: String(item.isin),
    version: Number(item.version),
    before: (item.before ?? null) as CuratedStock | null,
    after: item.after as CuratedStock,
    updatedAt: String(item.updatedAt),
    updatedBy: String(item.updatedBy),
  };
}

function toStock(item: Item): CuratedStock {
  const profile = item.profile as CompanyProfile;
  return {
    isin: String(item.isin),
    symbol: String(item.symbol),
    companyName: profile.companyName,
    exchangeShortName: profile.exchangeShortName,
    currency: profile.currency,
    sector: profile.sector,
    industry: profile.industry,
    country: profile.country,
    sharesOutstanding: profile.sharesOutstanding,
    hidden: item.hidden === true,
    version: Number(item.version ?? 1),
    updatedAt: typeof item.updatedBy === 'string' ? String(item.updatedAt) : null,
    updatedBy: typeof item.updatedBy === 'string' ? item.updatedBy : null,
  };
}

export class DynamoDbStockStore implements StockStore {
  private readonly table: StocksTable;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.table = { client, tableName };
  }

  async list(): Promise<CuratedStock[]> {
    const stocks: CuratedStock[] = [];
    let startKey: Item | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'byKind',
          KeyConditionExpression: '#kind = :kind',
          ExpressionAttributeNames: { '#kind': 'kind' },
          ExpressionAttributeValues: { ':kind': PROFILE },
          ExclusiveStartKey: startKey,
        }),
      );
      stocks.push(...(page.Items ?? []).map(toStock));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return stocks;
  }

  async get(isin: string): Promise<CuratedStock | undefined> {
    const item = await this.profileItem(isin);
    return item ? toStock(item) : undefined;
  }

  async history(isin: string): Promise<StockVersion[]> {
    // Newest first, read after the last write (a restore names a version the list showed).
    return (await auditEntries(this.table, isin, PROFILE, CURATED_HISTORY_LIMIT)).map(toVersion);
  }

  async entry(isin: string, version: number): Promise<StockVersion | undefined> {
    const item = await getItem(this.table, isin, auditKey(PROFILE, version));
    return item ? toVersion(item) : undefined;
  }

  async holderOf(symbol: string): Promise<string | undefined> {
    const lock = symbolKey(symbol);
    const [indexed, holding] = await Promise.all([
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'bySymbol',
          KeyConditionExpression: '#symbol = :symbol AND sk = :sk',
          ExpressionAttributeNames: { '#symbol': 'symbol' },
          ExpressionAttributeValues: { ':symbol': symbol, ':sk': PROFILE },
          Limit: 1,
        }),
      ),
      getItem(this.table, lock.isin, lock.sk),
    ]);
    const holder = indexed.Items?.[0]?.isin ?? holding?.holder;
    return typeof holder === 'string' ? holder : undefined;
  }

  async create({ stock, profile }: NewStock): Promise<void> {
    const { tableName: TableName } = this;
    // Items a failed deletion left without their profile go first: a new stock starts clean.
    await this.deleteItems(await this.partitionKeys(stock.isin));
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName,
                Item: {
                  isin: stock.isin,
                  sk: PROFILE,
                  kind: PROFILE,
                  symbol: stock.symbol,
                  companyName: stock.companyName,
                  exchangeShortName: stock.exchangeShortName,
                  profile,
                  demo: false,
                  hidden: false,
                  version: stock.version,
                  updatedAt: stock.updatedAt,
                  updatedBy: stock.updatedBy,
                  ...areaItemKeys('STOCKS', stock.isin, PROFILE),
                },
                ConditionExpression: 'attribute_not_exists(sk)',
              },
            },
            {
              Put: {
                TableName,
                Item: { ...symbolKey(stock.symbol), holder: stock.isin },
                ConditionExpression: 'attribute_not_exists(sk)',
              },
            },
            this.auditPut({ before: null, after: stock }),
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) {
        throw new Conflict(`A stock with ISIN ${stock.isin} or symbol ${stock.symbol} exists`);
      }
      throw error;
    }
    await this.listChanged(stock);
  }

  async update({ before, after }: StockChange): Promise<void> {
    const item = await this.profileItem(before.isin);
    if (!item || Number(item.version ?? 1) !== before.version) {
      throw new Conflict(STOCK_CONFLICT_MESSAGE);
    }
    const profile: CompanyProfile = {
      ...(item.profile as CompanyProfile),
      companyName: after.companyName,
      currency: after.currency,
      sector: after.sector,
      industry: after.industry,
      country: after.country,
      sharesOutstanding: after.sharesOutstanding,
    };
    const drops = await outOfHistory(this.table, before.isin, PROFILE, CURATED_HISTORY_LIMIT);
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: {
                  ...item,
                  companyName: after.companyName,
                  profile,
                  hidden: after.hidden,
                  version: after.version,
                  updatedAt: after.updatedAt,
                  updatedBy: after.updatedBy,
                  ...areaItemKeys('STOCKS', before.isin, PROFILE),
                },
                ConditionExpression: '#version = :expected OR attribute_not_exists(#version)',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':expected': before.version },
              },
            },
            this.auditPut({ before, after }),
            ...drops,
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(STOCK_CONFLICT_MESSAGE);
      throw error;
    }
    await this.listChanged(after);
  }

  async remove(stock: CuratedStock, deletedAt: string, deletedBy: string): Promise<void> {
    const { tableName: TableName } = this;
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName,
                Key: { isin: stock.isin, sk: PROFILE },
                ConditionExpression: '#version = :expected OR attribute_not_exists(#version)',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':expected': stock.version },
              },
            },
            { Delete: { TableName, Key: symbolKey(stock.symbol) } },
            {
              Put: {
                TableName,
                Item: {
                  isin: `DELETED#${stock.isin}`,
                  sk: deletedAt,
                  deletedBy,
                  stock,
                  // The deletion is the stock's last change: the feed lists it under its ISIN.
                  updatedAt: deletedAt,
                  updatedBy: deletedBy,
                  ...areaChangeKeys('STOCKS', deletedAt, stock.isin, 'DELETED'),
                },
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) throw new Conflict(STOCK_CONFLICT_MESSAGE);
      throw error;
    }
    await this.listChanged({ isin: stock.isin, version: stock.version + 1, updatedAt: deletedAt });
    // The profile is gone, so the public pages no longer reach the rest; now remove it.
    await this.deleteItems(await this.partitionKeys(stock.isin));
  }

  /**
   * The public list's copies are dropped (list-revision.ts). A failure here leaves the write
   * done and the copies to their minute's expiry, so it is logged, not thrown at the curator.
   */
  private async listChanged(write: {
    readonly isin: string;
    readonly version: number;
    readonly updatedAt: string;
  }): Promise<void> {
    const revision = `${write.updatedAt} ${write.isin} v${write.version}`;
    await bumpListRevision(this.table, revision).catch((error: unknown) =>
      logger.error('Marking the stock list as changed failed', error as Error),
    );
  }

  private auditPut({ before, after }: { before: CuratedStock | null; after: WrittenStock }) {
    const { version, updatedAt, updatedBy } = after;
    return auditPut(this.tableName, after.isin, PROFILE, version, 'STOCKS', {
      version,
      before,
      after,
      updatedAt,
      updatedBy,
    });
  }

  private profileItem(isin: string): Promise<Item | undefined> {
    return getItem(this.table, isin, PROFILE);
  }

  /** Every key of the company's partition except its profile. */
  private async partitionKeys(isin: string): Promise<{ isin: string; sk: string }[]> {
    const keys: { isin: string; sk: string }[] = [];
    let startKey: Item | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'isin = :isin',
          ExpressionAttributeValues: { ':isin': isin },
          ProjectionExpression: 'isin, sk',
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) {
        if (item.sk !== PROFILE) keys.push({ isin, sk: String(item.sk) });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return keys;
  }

  /**
   * Deletes the keys one DeleteItem each, a few at a time: the curation function may delete single
   * items but holds no BatchWriteItem (least privilege, infra/aws/table-grants.ts), and a partition
   * is a few hundred items at most (six items, each with at most 50 audit entries).
   */
  private async deleteItems(keys: readonly { isin: string; sk: string }[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const Key = keys[next++]!;
        await this.client.send(new DeleteCommand({ TableName: this.tableName, Key }));
      }
    };
    await Promise.all(Array.from({ length: DELETE_CONCURRENCY }, worker));
  }
}
