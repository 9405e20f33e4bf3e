import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { FIXED_DEMO_ANCHOR, generateUniverse } from '../../infra/local/demo/universe';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { createTableInput, ensureTables } from '../../infra/local/tables';
import { DynamoDbAreaIndex } from '../../lambdas/adapters/dynamodb/area-index';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { COUNT_SETTLE_MS } from '../../lambdas/adapters/dynamodb/area-count-snapshots';
import { areaChangeKeys, areaItemKeys } from '../../lambdas/adapters/dynamodb/area-keys';
import { CURATED_HISTORY_LIMIT } from '../../core/curation/history';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';
import { toSheetInput } from '../../core/curation/sheet';
import { analystStore } from '../../lambdas/adapters/dynamodb/curated-items';
import { DynamoDbSheetStore } from '../../lambdas/adapters/dynamodb/sheet-store';
import { DynamoDbStockStore } from '../../lambdas/adapters/dynamodb/stock-store';
import { createAnalystService } from '../../lambdas/curation/analyst-service';
import { SheetService } from '../../lambdas/curation/sheet-service';
import { StockService } from '../../lambdas/curation/stock-service';

/** The DynamoDB adapter of the stocks repository against DynamoDB Local (real SDK, real API). */
describe('DynamoDbStocksRepository on DynamoDB Local', () => {
  let dataDir = '';
  let db: RunningDynamoDb;
  let repo: DynamoDbStocksRepository;
  let docs: ReturnType<typeof documentClient>;
  const [demoFirst, second] = generateUniverse({ count: 2, anchor: FIXED_DEMO_ANCHOR }).map(
    toCompanyData,
  );
  const averages = (asOf: string, close: number) => ({
    asOf,
    months24: close,
    months36: close * 0.9,
  });
  const first = {
    ...demoFirst!,
    stock: { ...demoFirst!.stock, averageCloses: averages('2026-11-25', 50) },
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-stocks-'));
    db = await startDynamoDbLocal({ port: await freePort(), dbPath: dataDir });
    const config = { endpoint: db.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
    const client = new DynamoDBClient(config);
    await ensureTables(client);
    client.destroy();
    docs = documentClient(config);
    repo = new DynamoDbStocksRepository(docs, STOCKS_TABLE.localName);
  });

  afterAll(async () => {
    await db?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('writes companies in bulk and reads them back by symbol, list and statements', async () => {
    await repo.putCompanies([first!, second!]);
    const record = await repo.findBySymbol(first!.stock.symbol);
    expect(record).toMatchObject({ isin: first!.stock.isin, demo: true, version: 1 });
    expect(record?.profile).toEqual(first!.stock.profile);
    expect(record?.instrument).toEqual(first!.stock.instrument);
    expect(record?.averageCloses).toEqual(first.stock.averageCloses);
    const profiles = await repo.listProfiles();
    expect(profiles.find((p) => p.isin === first.stock.isin)?.averageCloses).toEqual(
      first.stock.averageCloses,
    );
    expect(profiles.find((p) => p.isin === second!.stock.isin)).not.toHaveProperty('averageCloses');
    expect(await repo.getStatements(first!.stock.isin, 'cash')).toEqual(first!.statements.cash);
    expect(await repo.getAnalyst(first!.stock.isin)).toEqual(first!.analyst);
    expect(await repo.getShariah(first!.stock.isin)).toEqual(first!.shariah);
    const list = await repo.listStocks();
    expect(list.map((e) => e.symbol).sort()).toEqual(
      [first!.stock.symbol, second!.stock.symbol].sort(),
    );
    expect(await repo.findBySymbol('NOSUCH')).toBeUndefined();
  });

  it('replaces one company atomically and removes the items it no longer has', async () => {
    const { analyst: _dropped, ...withoutAnalyst } = second!;
    await repo.putCompany({ ...withoutAnalyst, stock: { ...second!.stock, demo: false } });
    expect(await repo.getAnalyst(second!.stock.isin)).toBeUndefined();
    expect((await repo.findBySymbol(second!.stock.symbol))?.demo).toBe(false);
    expect(await repo.getShariah(second!.stock.isin)).toEqual(second!.shariah);
  });

  it('marks the list as changed when an ingest renames a company, so search shows the new name at once', async () => {
    const company = { ...second!, stock: { ...second!.stock, demo: false } };
    await repo.putCompany(company);
    const unchanged = await repo.listRevision();
    await repo.putCompany(company);
    // The same list row again: the asset API's copies stay.
    expect(await repo.listRevision()).toBe(unchanged);
    const profile = { ...company.stock.profile, companyName: 'Renamed by the provider' };
    await repo.putCompany({ ...company, stock: { ...company.stock, profile } });
    expect(await repo.listRevision()).not.toBe(unchanged);
    expect((await repo.listStocks()).find((e) => e.symbol === second!.stock.symbol)?.name).toBe(
      'Renamed by the provider',
    );
  });

  it('keeps what curators changed when the ingest writes the company again', async () => {
    const { isin, symbol } = first!.stock;
    const client = documentClient({
      endpoint: db.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const admin = { sub: 'admin', email: 'admin@example.com', groups: ['admin'] };
    const users = { get: async () => undefined };
    const stocks = new StockService({
      store: new DynamoDbStockStore(client, STOCKS_TABLE.localName),
      users,
    });
    const sheets = new SheetService({
      store: new DynamoDbSheetStore(client, STOCKS_TABLE.localName),
      users,
    });
    const analyst = createAnalystService({
      store: analystStore(client, STOCKS_TABLE.localName),
      users,
    });
    const stock = await stocks.get(admin, isin);
    await stocks.update(admin, isin, { ...stock, companyName: 'Curated Name' }, stock.version);
    // The curator's save keeps what the ingest computed and the console does not edit.
    expect((await repo.findBySymbol(symbol))?.averageCloses).toEqual(first.stock.averageCloses);
    const [curatedQuarter, otherQuarter] = first!.statements.income.quarter;
    const curatedId = `income-${curatedQuarter!.calendarYear}-${curatedQuarter!.period}`;
    const curatedSheet = toSheetInput('income', isin, curatedQuarter!);
    await sheets.update(admin, isin, curatedId, { ...curatedSheet, interestIncome: 4242 }, 0);
    const { symbol: _s, ...analystInput } = first!.analyst!;
    await analyst.update(
      admin,
      isin,
      { ...analystInput, grades: [...analystInput.grades], consensus: 'Hold' },
      1,
    );

    // The provider's next data: a new beta and a revised second quarter.
    const revised = {
      ...first!,
      stock: {
        ...first!.stock,
        profile: { ...first!.stock.profile, beta: 1.23 },
        averageCloses: averages('2026-11-26', 60),
      },
      statements: {
        ...first!.statements,
        income: {
          ...first!.statements.income,
          quarter: first!.statements.income.quarter.map((q) =>
            q === otherQuarter ? { ...q, interestIncome: 777 } : { ...q, interestIncome: 1 },
          ),
        },
      },
    };
    await repo.putCompany(revised);

    const record = await repo.findBySymbol(symbol);
    expect(record?.profile).toMatchObject({ companyName: 'Curated Name', beta: 1.23 });
    expect(record?.averageCloses).toEqual(averages('2026-11-26', 60));
    expect((await stocks.get(admin, isin)).version).toBe(stock.version + 2);
    const quarters = (await repo.getStatements(isin, 'income'))!.quarter;
    expect(quarters.find((q) => q.date === curatedQuarter!.date)?.interestIncome).toBe(4242);
    expect(quarters.find((q) => q.date === otherQuarter!.date)?.interestIncome).toBe(777);
    expect((await sheets.get(admin, isin, curatedId)).version).toBe(1);
    expect((await repo.getAnalyst(isin))?.consensus).toBe('Hold');
    // A console still holding the version before the ingest is told, not allowed to overwrite.
    await expect(
      stocks.update(admin, isin, { ...stock, companyName: 'Stale' }, stock.version + 1),
    ).rejects.toThrow(/changed by someone else/);
  });

  it('reads many companies’ statements and Shariah inputs in bulk, as one read each answers them', async () => {
    // Ten companies are 40 items: more than one BatchGetItem request.
    const many = generateUniverse({ count: 12, anchor: FIXED_DEMO_ANCHOR })
      .slice(2)
      .map(toCompanyData);
    // Two at a time: a batch of big statement items can outlast a request's timeout on a busy
    // DynamoDB Local (the seed writes with a bulk client of its own for that reason).
    for (let i = 0; i < many.length; i += 2) await repo.putCompanies(many.slice(i, i + 2));
    const isins = [...many.map((company) => company.stock.isin), 'XX0000000000'];
    const found = await repo.getFundamentals(isins);
    expect([...found.keys()].sort()).toEqual(many.map((company) => company.stock.isin).sort());
    for (const company of many) {
      const { isin } = company.stock;
      expect(found.get(isin)).toEqual({
        statements: {
          income: await repo.getStatements(isin, 'income'),
          balance: await repo.getStatements(isin, 'balance'),
          cash: await repo.getStatements(isin, 'cash'),
        },
        ...(company.shariah ? { shariah: await repo.getShariah(isin) } : {}),
      });
    }
  });

  it('keeps an area’s count between its changes, and counts again after a bulk write or a change', async () => {
    // After every change the file's other tests make (they write with today's time).
    let now = Date.parse('2030-01-01T12:00:00Z');
    const index = new DynamoDbAreaIndex(docs, STOCKS_TABLE.localName, () => new Date(now));
    let counting = 0;
    docs.middlewareStack.add(
      (next, context) => (args) => {
        if (
          context.commandName === 'QueryCommand' &&
          (args.input as { Select?: string }).Select === 'COUNT'
        ) {
          counting += 1;
        }
        return next(args);
      },
      { step: 'initialize', name: 'countAreaQueries' },
    );
    const before = await index.count('ANALYST');
    expect(counting).toBe(1);
    // Nothing changed: the snapshot answers.
    expect(await index.count('ANALYST')).toBe(before);
    expect(counting).toBe(1);

    // A bulk write (the seed's, the ingest's) adds a company without a change entry.
    const [, , extra] = generateUniverse({ count: 40, anchor: FIXED_DEMO_ANCHOR })
      .slice(37)
      .map(toCompanyData);
    await repo.putCompanies([extra!]);
    expect(await index.count('ANALYST')).toBe(before + 1);
    expect(counting).toBe(2);

    // A curation write puts its item and its change entry together; the count taken within the
    // settling time after it is taken again later, then kept.
    const changedAt = new Date(now).toISOString();
    await docs.send(
      new PutCommand({
        TableName: STOCKS_TABLE.localName,
        Item: {
          isin: 'XX0000000001',
          sk: 'ANALYST',
          ...areaItemKeys('ANALYST', 'XX0000000001', 'ANALYST'),
        },
      }),
    );
    await docs.send(
      new PutCommand({
        TableName: STOCKS_TABLE.localName,
        Item: {
          isin: 'XX0000000001',
          sk: `AUDIT#ANALYST#1`,
          updatedAt: changedAt,
          updatedBy: 'someone@example.com',
          ...areaChangeKeys('ANALYST', changedAt, 'XX0000000001', 'ANALYST#1'),
        },
      }),
    );
    now += 1_000;
    expect(await index.count('ANALYST')).toBe(before + 2);
    expect(await index.count('ANALYST')).toBe(before + 2);
    expect(counting).toBe(4);
    now += COUNT_SETTLE_MS;
    expect(await index.count('ANALYST')).toBe(before + 2);
    expect(await index.count('ANALYST')).toBe(before + 2);
    expect(counting).toBe(5);
  });

  // On this file's DynamoDB Local: the company is its own (seed 'audit-bound'), and every read
  // below is of its ISIN.
  it('drops audit entries stranded below a version jump (the ingest raises versions without entries)', async () => {
    const [company] = generateUniverse({
      seed: 'audit-bound',
      count: 1,
      anchor: FIXED_DEMO_ANCHOR,
    }).map(toCompanyData);
    await repo.putCompanies([company!]);
    const isin = company!.stock.isin;
    const store = analystStore(docs, STOCKS_TABLE.localName);
    const write = async (expectedVersion: number) =>
      store.write({
        isin,
        expectedVersion,
        before: null,
        after: company!.analyst!,
        updatedAt: new Date().toISOString(),
        updatedBy: 'admin@example.com',
      });
    // Versions 2 and 3 get entries; then the item jumps to 100 as an ingest would leave it.
    await write((await store.current(isin))!.version);
    await write((await store.current(isin))!.version);
    await docs.send(
      new UpdateCommand({
        TableName: STOCKS_TABLE.localName,
        Key: { isin, sk: 'ANALYST' },
        UpdateExpression: 'SET #version = :v',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':v': 100 },
      }),
    );
    for (let version = 100; version < 100 + CURATED_HISTORY_LIMIT; version += 1) {
      await write(version);
    }
    const kept = await docs.send(
      new QueryCommand({
        TableName: STOCKS_TABLE.localName,
        KeyConditionExpression: 'isin = :isin AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':isin': isin, ':prefix': 'AUDIT#ANALYST#' },
        ConsistentRead: true,
      }),
    );
    const versions = (kept.Items ?? []).map((item) => Number(item.version));
    expect(versions).toHaveLength(CURATED_HISTORY_LIMIT);
    expect(Math.min(...versions)).toBe(101);
  });
});

describe('a stocks table of an earlier version (without the byArea index)', () => {
  it('gains the index on start, and items written then are counted by it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stockscope-stocks-old-'));
    const old = await startDynamoDbLocal({ port: await freePort(), dbPath: dir });
    const config = { endpoint: old.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
    const client = new DynamoDBClient(config);
    try {
      const input = createTableInput(STOCKS_TABLE);
      await client.send(
        new CreateTableCommand({
          ...input,
          AttributeDefinitions: input.AttributeDefinitions!.filter(
            (a) => !['area', 'areaKey'].includes(a.AttributeName!),
          ),
          GlobalSecondaryIndexes: input.GlobalSecondaryIndexes!.filter(
            (i) => i.IndexName !== 'byArea',
          ),
        }),
      );
      const lines: string[] = [];
      await ensureTables(client, (line) => lines.push(line));
      expect(lines).toEqual(['Table stocks: added the index byArea.']);
      const table = await client.send(new DescribeTableCommand({ TableName: 'stocks' }));
      expect(table.Table!.GlobalSecondaryIndexes!.map((i) => i.IndexName).sort()).toEqual([
        'byArea',
        'byKind',
        'bySymbol',
      ]);
      // A second start finds nothing to add.
      await ensureTables(client, (line) => lines.push(line));
      expect(lines).toHaveLength(1);
      const docs = documentClient(config);
      const [company] = generateUniverse({ count: 1, anchor: FIXED_DEMO_ANCHOR }).map(
        toCompanyData,
      );
      await new DynamoDbStocksRepository(docs, STOCKS_TABLE.localName).putCompanies([company!]);
      const index = new DynamoDbAreaIndex(docs, STOCKS_TABLE.localName);
      expect(await index.count('STOCKS')).toBe(1);
      expect(await index.count('SHEETS')).toBe(3);
      expect(await index.count('SHEETS', new Set(['XX0000000000']))).toBe(0);
    } finally {
      client.destroy();
      await old.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
