import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  paginateQuery,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Currency } from '../../../core/market/fx';
import { transactionIdOf, type Portfolio, type StoredTransaction } from '../../../core/portfolios';
import { USERS_TABLE } from '../../../core/tables';
import type {
  ChangeOutcome,
  PortfolioSnapshot,
  PortfolioStore,
  TransactionsChange,
} from '../../ports/portfolio-store';
import { lostRace } from './lost-race';
import {
  PORTFOLIO_SK_PREFIX,
  portfolioCountKey,
  portfolioKey,
  portfolioTransactionKey,
  portfolioTransactionPrefix,
  userPartition,
  type ItemKey,
} from './users-keys';

/** DynamoDB's most actions in one transaction: the header's update and 99 transactions. */
const MAX_ACTIONS = 100;
/** How often a write that met a concurrent transaction (not a failed condition) is tried. */
const MAX_TRIES = 4;
/** Times a read of a portfolio is retried when a write changed it between header and items. */
const READ_TRIES = 3;

const PK = USERS_TABLE.partitionKey.name;
const SK = USERS_TABLE.sortKey.name;

type Item = Record<string, unknown>;
type Action = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

const portfolioOf = (item: Item): Portfolio => ({
  id: String(item.id),
  name: String(item.name),
  currency: item.currency as Currency,
  benchmark: String(item.benchmark),
  version: Number(item.version),
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
});

/** Whether the transaction's action at `index` failed its condition (not a concurrent write). */
const failedCondition = (error: unknown, index: number): boolean =>
  error instanceof TransactionCanceledException &&
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

/**
 * A user's portfolios in their users-table partition (users-keys.ts): a header item per portfolio
 * carrying its version and the next transaction number, one item per transaction, and the count
 * of portfolios. Every write is a transaction conditional on the header's version (or, for a
 * creation, on the count), so a change made on a stale read is refused rather than lost.
 */
export class DynamoDbPortfolioStore implements PortfolioStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async list(sub: string): Promise<readonly Portfolio[]> {
    const items = await this.query(userPartition(sub), PORTFOLIO_SK_PREFIX);
    return items
      .map(portfolioOf)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async read(sub: string, id: string): Promise<PortfolioSnapshot | undefined> {
    let header = await this.header(sub, id);
    for (let attempt = 1; header; attempt += 1) {
      const items = await this.query(userPartition(sub), portfolioTransactionPrefix(id));
      const transactions = items.map((item) => item.transaction as StoredTransaction);
      const after = await this.header(sub, id);
      // Written between the two reads: read again, or, after a few tries, answer the older
      // version: a write made at it is refused, never applied over what the caller did not see.
      if (!after || after.version === header.version || attempt >= READ_TRIES) {
        return { portfolio: portfolioOf(header), transactions };
      }
      header = after;
    }
    return undefined;
  }

  async create(sub: string, portfolio: Portfolio, limit: number): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: this.tableName,
                  Key: portfolioCountKey(sub),
                  UpdateExpression: 'ADD #count :one',
                  ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':one': 1, ':limit': limit },
                },
              },
              {
                Put: {
                  TableName: this.tableName,
                  Item: { ...portfolio, ...portfolioKey(sub, portfolio.id), nextTx: 1 },
                  ConditionExpression: `attribute_not_exists(${SK})`,
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedCondition(error, 0)) return false;
        if (!lostRace(error) || attempt >= MAX_TRIES) throw error;
      }
    }
  }

  async update(sub: string, portfolio: Portfolio, expectedVersion: number): Promise<boolean> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                ...this.atVersion(sub, portfolio.id),
                UpdateExpression:
                  'SET #version = :next, #name = :name, currency = :currency, ' +
                  'benchmark = :benchmark, updatedAt = :at',
                ExpressionAttributeNames: { '#version': 'version', '#name': 'name' },
                ExpressionAttributeValues: {
                  ':expected': expectedVersion,
                  ':next': portfolio.version,
                  ':name': portfolio.name,
                  ':currency': portfolio.currency,
                  ':benchmark': portfolio.benchmark,
                  ':at': portfolio.updatedAt,
                },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (lostRace(error)) return false;
      throw error;
    }
  }

  async change(
    sub: string,
    id: string,
    expectedVersion: number,
    change: TransactionsChange,
    at: string,
  ): Promise<ChangeOutcome> {
    const header = await this.header(sub, id);
    if (header?.version !== expectedVersion) return { stale: true, added: [] };
    let nextTx = Number(header.nextTx);
    const added = (change.add ?? []).map(
      (entry, i) => ({ ...entry, id: transactionIdOf(nextTx + i) }) as StoredTransaction,
    );
    const put = (transaction: StoredTransaction, condition: string): Action => ({
      Put: {
        TableName: this.tableName,
        Item: { ...portfolioTransactionKey(sub, id, transaction.id), transaction },
        ConditionExpression: condition,
      },
    });
    // Edits and deletions first, so they go with the first part of a large change.
    const actions: { action: Action; adds: number }[] = [
      ...(change.replace ?? []).map((t) => ({
        action: put(t, `attribute_exists(${SK})`),
        adds: 0,
      })),
      ...(change.remove ?? []).map((txId) => ({
        action: {
          Delete: {
            TableName: this.tableName,
            Key: portfolioTransactionKey(sub, id, txId),
            ConditionExpression: `attribute_exists(${SK})`,
          },
        },
        adds: 0,
      })),
      ...added.map((t) => ({ action: put(t, `attribute_not_exists(${SK})`), adds: 1 })),
    ];
    // A change larger than one transaction is written in parts, each at the version the previous
    // part left: another writer getting in between stops it with what was stored so far.
    let version = expectedVersion;
    let stored = 0;
    do {
      const part = actions.splice(0, MAX_ACTIONS - 1);
      const adds = part.reduce((sum, a) => sum + a.adds, 0);
      nextTx += adds;
      try {
        await this.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  ...this.atVersion(sub, id),
                  UpdateExpression: 'SET #version = :next, updatedAt = :at, nextTx = :nextTx',
                  ExpressionAttributeNames: { '#version': 'version' },
                  ExpressionAttributeValues: {
                    ':expected': version,
                    ':next': version + 1,
                    ':at': at,
                    ':nextTx': nextTx,
                  },
                },
              },
              ...part.map((a) => a.action),
            ],
          }),
        );
      } catch (error) {
        if (lostRace(error)) return { stale: true, added: added.slice(0, stored) };
        throw error;
      }
      version += 1;
      stored += adds;
    } while (actions.length > 0);
    return {
      stale: false,
      portfolio: { ...portfolioOf(header), version, updatedAt: at },
      added,
    };
  }

  async delete(sub: string, id: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: this.tableName,
                  Key: portfolioKey(sub, id),
                  ConditionExpression: `attribute_exists(${SK})`,
                },
              },
              {
                Update: {
                  TableName: this.tableName,
                  Key: portfolioCountKey(sub),
                  UpdateExpression: 'ADD #count :minusOne',
                  ExpressionAttributeNames: { '#count': 'count' },
                  ExpressionAttributeValues: { ':minusOne': -1 },
                },
              },
            ],
          }),
        );
        break;
      } catch (error) {
        if (failedCondition(error, 0)) return false;
        if (!lostRace(error) || attempt >= MAX_TRIES) throw error;
      }
    }
    // The header is gone, so no write reaches these any more (each is conditional on it): they
    // are removed after it, a transaction's worth at a time.
    const keys = (await this.query(userPartition(sub), portfolioTransactionPrefix(id), true)).map(
      (item) => ({ [PK]: item[PK], [SK]: item[SK] }) as ItemKey,
    );
    for (let start = 0; start < keys.length; start += MAX_ACTIONS) {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: keys
            .slice(start, start + MAX_ACTIONS)
            .map((Key) => ({ Delete: { TableName: this.tableName, Key } })),
        }),
      );
    }
    return true;
  }

  /** The header's update, on condition it is still at the version its values name `:expected`. */
  private atVersion(sub: string, id: string) {
    return {
      TableName: this.tableName,
      Key: portfolioKey(sub, id),
      ConditionExpression: '#version = :expected',
    };
  }

  private async header(sub: string, id: string): Promise<Item | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.tableName,
        Key: portfolioKey(sub, id),
        ConsistentRead: true,
      }),
    );
    return Item;
  }

  /** Every item of the partition whose sort key begins with `prefix`, in sort-key order. */
  private async query(pk: string, prefix: string, keysOnly = false): Promise<Item[]> {
    const items: Item[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
        ConsistentRead: true,
        ...(keysOnly ? { ProjectionExpression: '#pk, #sk' } : {}),
      },
    );
    for await (const page of pages) items.push(...(page.Items ?? []));
    return items;
  }
}
