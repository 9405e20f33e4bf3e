import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { generateUniverse } from '../../infra/local/demo/universe';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { toCompanyData } from '../../infra/local/seed-stocks';
import { ensureTables } from '../../infra/local/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { DynamoDbStocksRepository } from '../../lambdas/adapters/dynamodb/stocks-repository';

/** The DynamoDB adapter of the stocks repository against DynamoDB Local (real SDK, real API). */
describe('DynamoDbStocksRepository on DynamoDB Local', () => {
  let dataDir = '';
  let db: RunningDynamoDb;
  let repo: DynamoDbStocksRepository;
  const [first, second] = generateUniverse({ count: 2 }).map(toCompanyData);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'stockscope-stocks-'));
    db = await startDynamoDbLocal({ port: await freePort(), dbPath: dataDir });
    const config = { endpoint: db.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
    const client = new DynamoDBClient(config);
    await ensureTables(client);
    client.destroy();
    repo = new DynamoDbStocksRepository(documentClient(config), STOCKS_TABLE.localName);
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
});
