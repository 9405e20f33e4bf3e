import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../../../core/domain-errors';
import type { AverageCloses } from '../../../core/market/average-market-cap';
import type { AnalystData, ShariahInputs, StatementKind } from '../../../core/market/types';
import type {
  CompanyData,
  CompanyFundamentals,
  StatementCollection,
  StockListEntry,
  StockRecord,
  StocksRepository,
} from '../../ports/stocks-repository';
import { isCurated, mergeIngest } from './ingest-merge';
import { bumpListRevision, readListRevision } from './list-revision';
import { logger } from '../../shared/observability/logger';
import { lostRace } from './lost-race';
import { markAreaWrites } from './area-count-snapshots';
import { areaItemKeys } from './area-keys';

/**
 * Item layout of the stocks table (partition = ISIN):
 *   PROFILE          the profile, pricing parameters, average closes, demo flag; the only
 *                    item carrying `symbol` and `kind`, so the sparse bySymbol and byKind indexes
 *                    hold profiles only
 *   SHEETS#<kind>    a statement kind's annual and quarterly sheets, gzip-compressed JSON: sheets
 *                    are always read together, and one item per kind (rather than per sheet)
 *                    keeps a company at 6 items — the demo universe seeds in seconds, not minutes
 *   ANALYST, SHARIAH the analyst data and the Shariah-screen inputs
 */
const SK = {
  profile: 'PROFILE',
  sheets: (kind: StatementKind) => `SHEETS#${kind}`,
  analyst: 'ANALYST',
  shariah: 'SHARIAH',
} as const;
const PROFILE_KIND = 'PROFILE';
const BATCH_SIZE = 25; // DynamoDB's BatchWriteItem limit
const WRITE_CONCURRENCY = 4;
/**
 * Keys per BatchGetItem (DynamoDB takes 100): five companies' statement items, so an answer stays
 * well within a request's timeout on a loaded DynamoDB Local.
 */
const READ_BATCH_SIZE = 20;
const READ_CONCURRENCY = 4;
/** The items getFundamentals reads per company. */
const FUNDAMENTAL_KINDS: readonly StatementKind[] = ['income', 'balance', 'cash'];

type Item = Record<string, unknown>;

/** Hidden (by the curation console): out of the public list, search and screener. */
const isListed = (item: Item): boolean => item.hidden !== true;

const pack = (value: unknown): Uint8Array => gzipSync(JSON.stringify(value));
const unpack = <T>(value: unknown): T =>
  JSON.parse(gunzipSync(value as Uint8Array).toString('utf8')) as T;

export class DynamoDbStocksRepository implements StocksRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async findBySymbol(symbol: string): Promise<StockRecord | undefined> {
    const result = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'bySymbol',
        KeyConditionExpression: '#symbol = :symbol AND sk = :sk',
        ExpressionAttributeNames: { '#symbol': 'symbol' },
        ExpressionAttributeValues: { ':symbol': symbol, ':sk': SK.profile },
        Limit: 1,
      }),
    );
    const item = result.Items?.[0];
    return item ? toStockRecord(item) : undefined;
  }

  async findByIsin(isin: string): Promise<StockRecord | undefined> {
    const item = await this.get(isin, SK.profile);
    return item ? toStockRecord(item) : undefined;
  }

  async listStocks(): Promise<StockListEntry[]> {
    const items = await this.queryAllProfiles('#symbol, companyName, exchangeShortName, #hidden');
    // A stock the console hid stays reachable by its page, never listed or found by search.
    return items.filter(isListed).map((item) => ({
      symbol: String(item.symbol),
      name: String(item.companyName),
      exchangeShortName: String(item.exchangeShortName),
    }));
  }

  async listProfiles(): Promise<StockRecord[]> {
    return (await this.queryAllProfiles()).filter(isListed).map(toStockRecord);
  }

  listRevision(): Promise<string | null> {
    return readListRevision({ client: this.client, tableName: this.tableName });
  }

  async getStatements<K extends StatementKind>(
    isin: string,
    kind: K,
  ): Promise<StatementCollection<K> | undefined> {
    const item = await this.get(isin, SK.sheets(kind));
    return item ? unpack<StatementCollection<K>>(item.sheets) : undefined;
  }

  async getAnalyst(isin: string): Promise<AnalystData | undefined> {
    return (await this.get(isin, SK.analyst))?.analyst as AnalystData | undefined;
  }

  async getShariah(isin: string): Promise<ShariahInputs | undefined> {
    return (await this.get(isin, SK.shariah))?.shariah as ShariahInputs | undefined;
  }

  async getFundamentals(isins: readonly string[]): Promise<Map<string, CompanyFundamentals>> {
    const keys = isins.flatMap((isin) => [
      ...FUNDAMENTAL_KINDS.map((kind) => ({ isin, sk: SK.sheets(kind) })),
      { isin, sk: SK.shariah },
    ]);
    const items: Item[] = [];
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const batch = keys.slice(next, next + READ_BATCH_SIZE);
        next += READ_BATCH_SIZE;
        items.push(...(await this.batchGet(batch)));
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    const found = new Map<string, { statements: Record<string, unknown>; shariah?: unknown }>();
    for (const item of items) {
      const isin = String(item.isin);
      const company = found.get(isin) ?? { statements: {} };
      found.set(isin, company);
      if (item.sk === SK.shariah) company.shariah = item.shariah;
      else company.statements[String(item.sk).slice('SHEETS#'.length)] = unpack(item.sheets);
    }
    return found as Map<string, CompanyFundamentals>;
  }

  async putCompanies(companies: readonly CompanyData[]): Promise<void> {
    const updatedAt = this.clock().toISOString();
    const items = companies.flatMap((company) => toItems(company, updatedAt));
    let next = 0;
    // A few batches in flight: DynamoDB (and DynamoDB Local) take parallel writes.
    const worker = async () => {
      while (next < items.length) {
        const batch = items.slice(next, next + BATCH_SIZE);
        next += BATCH_SIZE;
        await this.batchWrite(batch);
      }
    };
    await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, worker));
    // The area items are written without change entries: the counts taken before are stale.
    await markAreaWrites(this.client, this.tableName);
  }

  async putCompany(company: CompanyData): Promise<void> {
    const { isin } = company.stock;
    const existing = new Map((await this.partition(isin)).map((item) => [String(item.sk), item]));
    const updatedAt = this.clock().toISOString();
    const items = toItems(company, updatedAt);
    const puts = mergeIngest(items, existing);
    const present = new Set(items.map((item) => item.sk));
    // Analyst or Shariah data the provider no longer has goes, unless a curator owns it.
    const removed = [SK.analyst, SK.shariah].filter(
      (sk) => !present.has(sk) && existing.has(sk) && !isCurated(existing.get(sk)),
    );
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            ...puts.map(({ item, replacesVersion }) => ({
              Put: {
                TableName: this.tableName,
                Item: item,
                // A curator's write in between makes this company's ingest fail (the next run
                // takes it again) rather than lose that write.
                ...(replacesVersion === undefined
                  ? { ConditionExpression: 'attribute_not_exists(sk)' }
                  : {
                      ConditionExpression: '#version = :version OR attribute_not_exists(#version)',
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':version': replacesVersion },
                    }),
              },
            })),
            ...removed.map((sk) => ({
              Delete: { TableName: this.tableName, Key: { isin, sk } },
            })),
          ],
        }),
      );
    } catch (error) {
      if (lostRace(error)) {
        throw new Conflict(`${company.stock.symbol} changed while it was ingested: try again`);
      }
      throw error;
    }
    await markAreaWrites(this.client, this.tableName);
    const profile = puts.find(({ item }) => item.sk === SK.profile)?.item;
    if (profile && listRowChanged(existing.get(SK.profile), profile)) {
      // As after a console edit (list-revision.ts): search and the pickers show a name the
      // provider changed at once. A failure leaves the copies to their minute's expiry.
      const revision = `${updatedAt} ${isin} ingest`;
      await bumpListRevision({ client: this.client, tableName: this.tableName }, revision).catch(
        (error: unknown) =>
          logger.error('Marking the stock list as changed failed', error as Error),
      );
    }
  }

  /**
   * The company's stored items that an ingest may replace, not its audit trail: the two key ranges
   * around the AUDIT# entries ('$' sorts right after '#'), as a key condition cannot say NOT.
   */
  private async partition(isin: string): Promise<Item[]> {
    const range = async (condition: string, bound: string): Promise<Item[]> => {
      const items: Item[] = [];
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            KeyConditionExpression: `isin = :isin AND ${condition}`,
            ExpressionAttributeValues: { ':isin': isin, ':bound': bound },
            ConsistentRead: true,
            ExclusiveStartKey: startKey,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items;
    };
    const [before, after] = await Promise.all([
      range('sk < :bound', 'AUDIT#'),
      range('sk >= :bound', 'AUDIT$'),
    ]);
    return [...before, ...after];
  }

  private async batchWrite(items: Item[]): Promise<void> {
    let pending: Item[] = items;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(2 ** attempt * 50, 2_000)));
      const result = await this.client.send(
        new BatchWriteCommand({
          RequestItems: { [this.tableName]: pending.map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
      pending = (result.UnprocessedItems?.[this.tableName] ?? []).map(
        (request) => request.PutRequest?.Item as Item,
      );
      if (attempt > 10 && pending.length > 0) {
        throw new Error(`BatchWriteItem left ${pending.length} items unprocessed`);
      }
    }
  }

  /** One BatchGetItem of a few keys, asking again for what DynamoDB left unprocessed. */
  private async batchGet(keys: readonly Item[]): Promise<Item[]> {
    const items: Item[] = [];
    let pending: readonly Item[] = keys;
    for (let attempt = 0; pending.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(2 ** attempt * 50, 2_000)));
      if (attempt > 10) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      const result = await this.client.send(
        new BatchGetCommand({
          RequestItems: {
            [this.tableName]: {
              Keys: [...pending],
              ProjectionExpression: 'isin, sk, sheets, shariah',
            },
          },
        }),
      );
      items.push(...(result.Responses?.[this.tableName] ?? []));
      pending = result.UnprocessedKeys?.[this.tableName]?.Keys ?? [];
    }
    return items;
  }

  private async get(isin: string, sk: string): Promise<Item | undefined> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { isin, sk } }),
    );
    return result.Item;
  }

  private async queryAllProfiles(projection?: string): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: 'byKind',
          KeyConditionExpression: '#kind = :kind',
          ExpressionAttributeNames: {
            '#kind': 'kind',
            // Reserved words: a projection names them through placeholders.
            ...(projection ? { '#symbol': 'symbol', '#hidden': 'hidden' } : {}),
          },
          ExpressionAttributeValues: { ':kind': PROFILE_KIND },
          ...(projection ? { ProjectionExpression: projection } : {}),
          ExclusiveStartKey: startKey,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  }
}

function toItems(company: CompanyData, updatedAt: string): Item[] {
  const { stock } = company;
  const base = { isin: stock.isin, updatedAt, version: 1 };
  const items: Item[] = [
    {
      ...base,
      sk: SK.profile,
      kind: PROFILE_KIND,
      symbol: stock.symbol,
      // Top-level copies for the compact list projection.
      companyName: stock.profile.companyName,
      exchangeShortName: stock.profile.exchangeShortName,
      profile: stock.profile,
      instrument: stock.instrument,
      ...(stock.averageCloses ? { averageCloses: stock.averageCloses } : {}),
      demo: stock.demo,
      ...areaItemKeys('STOCKS', stock.isin, SK.profile),
    },
  ];
  for (const kind of ['income', 'balance', 'cash'] as const) {
    items.push({
      ...base,
      sk: SK.sheets(kind),
      sheets: pack(company.statements[kind]),
      ...areaItemKeys('SHEETS', stock.isin, SK.sheets(kind)),
    });
  }
  if (company.analyst) {
    items.push({
      ...base,
      sk: SK.analyst,
      analyst: company.analyst,
      ...areaItemKeys('ANALYST', stock.isin, SK.analyst),
    });
  }
  if (company.shariah) {
    items.push({
      ...base,
      sk: SK.shariah,
      shariah: company.shariah,
      ...areaItemKeys('SHARIAH', stock.isin, SK.shariah),
    });
  }
  return items;
}

/** Whether a write changes what the public list shows of a company (or adds it). */
function listRowChanged(before: Item | undefined, after: Item): boolean {
  return (
    !before ||
    (['symbol', 'companyName', 'exchangeShortName', 'hidden'] as const).some(
      (field) => before[field] !== after[field],
    )
  );
}

function toStockRecord(item: Item): StockRecord {
  return {
    isin: String(item.isin),
    symbol: String(item.symbol),
    profile: item.profile as StockRecord['profile'],
    instrument: item.instrument as StockRecord['instrument'],
    ...(item.averageCloses ? { averageCloses: item.averageCloses as AverageCloses } : {}),
    demo: item.demo === true,
    version: Number(item.version ?? 1),
    updatedAt: String(item.updatedAt ?? ''),
  };
}
