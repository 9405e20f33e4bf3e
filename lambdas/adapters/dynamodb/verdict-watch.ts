import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { STOCKS_TABLE, USERS_TABLE } from '../../../core/tables';
import type { VerdictStates } from '../../../core/verdict-alerts';
import type {
  NumberedChange,
  PendingCheck,
  SeenVerdict,
  SeenVerdicts,
  VerdictChecks,
  VerdictHolders,
} from '../../ports/verdict-watch';
import { userPartition } from './users-keys';

/** Puts at once: a change brings in a few symbols, an ingest marks its companies. */
const CONCURRENT_PUTS = 10;

/**
 * Puts items, a few at a time. Single puts rather than batches: the functions that keep these
 * items (the subscription API, curation) may put and delete single items but not batch-write.
 */
async function putAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENT_PUTS) {
    await Promise.all(
      items
        .slice(i, i + CONCURRENT_PUTS)
        .map((Item) => client.send(new PutCommand({ TableName: tableName, Item }))),
    );
  }
}

const IS = STOCKS_TABLE.partitionKey.name;
const STOCK_SK = STOCKS_TABLE.sortKey.name;
/**
 * The marks live in one partition of the stocks table, a symbol per item, so a run reads them
 * with one query; none carries `symbol` or `kind`, so the table's sparse indexes skip them.
 */
const CHECKS_PARTITION = 'VERDICT-CHECKS';
const seenKey = (symbol: string) => ({ [IS]: `VERDICT#${symbol}`, [STOCK_SK]: 'SEEN' });

/** The marks of symbols to evaluate, in the stocks table (the ingest and curation write them). */
export class DynamoDbVerdictChecks implements VerdictChecks {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async mark(symbols: readonly string[]): Promise<void> {
    const unique = [...new Set(symbols.map((s) => s.toUpperCase()))];
    await putAll(
      this.client,
      this.tableName,
      unique.map((symbol) => ({
        [IS]: CHECKS_PARTITION,
        [STOCK_SK]: symbol,
        token: randomBytes(8).toString('hex'),
      })),
    );
  }

  async *pending(): AsyncIterable<readonly PendingCheck[]> {
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': IS },
        ExpressionAttributeValues: { ':pk': CHECKS_PARTITION },
        ConsistentRead: true,
      },
    );
    for await (const page of pages) {
      const checks = (page.Items ?? []).map((item) => ({
        symbol: String(item[STOCK_SK]),
        token: String(item.token),
      }));
      if (checks.length > 0) yield checks;
    }
  }

  async done({ symbol, token }: PendingCheck): Promise<void> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { [IS]: CHECKS_PARTITION, [STOCK_SK]: symbol },
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      );
    } catch (error) {
      // Marked again meanwhile (or cleared by another run): the mark stays for the next run.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

/** The last verdicts seen, an item per symbol in the stocks table (`VERDICT#<symbol>` / `SEEN`). */
export class DynamoDbSeenVerdicts implements SeenVerdicts {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async read(symbol: string): Promise<SeenVerdict | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: seenKey(symbol), ConsistentRead: true }),
    );
    return (
      Item && {
        symbol,
        states: Item.states as VerdictStates,
        changes: Number(Item.changes),
        untold: (Item.untold as NumberedChange[] | undefined) ?? [],
        version: Number(Item.version),
      }
    );
  }

  async write(next: SeenVerdict, expectedVersion: number): Promise<boolean> {
    const { symbol, states, changes, untold } = next;
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...seenKey(symbol), states, changes, untold, version: expectedVersion + 1 },
          ...(expectedVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(#version)' }
            : {
                ConditionExpression: '#version = :version',
                ExpressionAttributeValues: { ':version': expectedVersion },
              }),
          ExpressionAttributeNames: { '#version': 'version' },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

const PK = USERS_TABLE.partitionKey.name;
const SK = USERS_TABLE.sortKey.name;
const holdersPartition = (symbol: string) => `HOLDERS#${symbol.toUpperCase()}`;

/**
 * The holders index in the users table: `HOLDERS#<symbol>` / `USER#<sub>`, one partition per
 * symbol, so the holders of a symbol whose verdict changed are one query, never a scan of users.
 */
export class DynamoDbVerdictHolders implements VerdictHolders {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(sub: string, symbols: readonly string[]): Promise<void> {
    const unique = [...new Set(symbols.map((s) => s.toUpperCase()))];
    await putAll(
      this.client,
      this.tableName,
      unique.map((symbol) => ({ [PK]: holdersPartition(symbol), [SK]: userPartition(sub) })),
    );
  }

  async *holders(symbol: string): AsyncIterable<readonly string[]> {
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PK },
        ExpressionAttributeValues: { ':pk': holdersPartition(symbol) },
      },
    );
    for await (const page of pages) {
      const subs = (page.Items ?? []).map((item) =>
        String(item[SK]).slice(userPartition('').length),
      );
      if (subs.length > 0) yield subs;
    }
  }

  async remove(sub: string, symbol: string): Promise<void> {
    await this.client.send(
      new DeleteCommand({
        TableName: this.tableName,
        Key: { [PK]: holdersPartition(symbol), [SK]: userPartition(sub) },
      }),
    );
  }
}
