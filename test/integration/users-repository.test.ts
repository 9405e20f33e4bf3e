import { InMemoryVerdictHolders } from '../../lambdas/adapters/testing/memory/verdict-watch';
import { InMemorySavedScreenStore } from '../../lambdas/adapters/testing/memory/saved-screen-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../core/alerts';
import type { SavedScreen } from '../../core/saved-screens';
import { USERS_TABLE } from '../../core/tables';
import type { Watchlist } from '../../core/watchlists';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { ensureTables } from '../../infra/local/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { InMemoryAttemptLog } from '../../lambdas/adapters/testing/memory/attempt-log';
import { InMemoryDeviceProofs } from '../../lambdas/adapters/testing/memory/device-proofs';
import { InMemoryPhoneChanges } from '../../lambdas/adapters/testing/memory/phone-changes';
import { InMemoryAlertStore } from '../../lambdas/adapters/testing/memory/alert-store';
import { InMemoryWatchlistStore } from '../../lambdas/adapters/testing/memory/watchlist-store';
import { InMemorySessionRevocations } from '../../lambdas/adapters/testing/memory/session-revocations';
import { InMemoryUsersRepository } from '../../lambdas/adapters/testing/memory/users-repository';
import { usersTableContract } from '../support/users-table-contract';
import { InMemoryNotificationLedger } from '../../lambdas/adapters/testing/memory/notification-ledger';
import { InMemoryPortfolioStore } from '../../lambdas/adapters/testing/memory/portfolio-store';

/** The same contract for the DynamoDB adapters (on DynamoDB Local, real SDK) and the in-memory ones. */
let dataDir = '';
let db: RunningDynamoDb;
let config: { endpoint: string; region: string; credentials: typeof LOCAL_CREDENTIALS };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stockscope-users-'));
  db = await startDynamoDbLocal({ port: await freePort(), dbPath: dataDir });
  config = { endpoint: db.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const client = new DynamoDBClient(config);
  await ensureTables(client);
  client.destroy();
});

afterAll(async () => {
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

usersTableContract('DynamoDB (DynamoDB Local)', () =>
  usersTableStores(documentClient(config), USERS_TABLE.localName),
);
usersTableContract('in memory', () => ({
  users: new InMemoryUsersRepository(),
  revocations: new InMemorySessionRevocations(),
  devices: new InMemoryDeviceProofs(),
  attempts: new InMemoryAttemptLog(),
  phoneChanges: new InMemoryPhoneChanges(),
  watchlists: new InMemoryWatchlistStore(),
  alerts: new InMemoryAlertStore(),
  savedScreens: new InMemorySavedScreenStore(),
  notices: new InMemoryNotificationLedger(),
  portfolios: new InMemoryPortfolioStore(),
  verdictHolders: new InMemoryVerdictHolders(),
}));

describe('a users table of the earlier layout (keyed by e-mail)', () => {
  it('is recreated keyed by sub on start, its records moved', async () => {
    const client = new DynamoDBClient(config);
    try {
      await client.send(new DeleteTableCommand({ TableName: USERS_TABLE.localName }));
      await client.send(
        new CreateTableCommand({
          TableName: USERS_TABLE.localName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [{ AttributeName: 'email', AttributeType: 'S' }],
          KeySchema: [{ AttributeName: 'email', KeyType: 'HASH' }],
        }),
      );
      await client.send(
        new PutItemCommand({
          TableName: USERS_TABLE.localName,
          Item: {
            email: { S: 'old@example.com' },
            sub: { S: 'sub-old' },
            createdAt: { S: '2025-01-01T00:00:00.000Z' },
            subscription: { NULL: true },
          },
        }),
      );
      const lines: string[] = [];
      await ensureTables(client, (line) => lines.push(line));
      expect(lines).toEqual(['Table users: keys changed; recreated with 1 of 1 items moved.']);
      const { users } = usersTableStores(documentClient(config), USERS_TABLE.localName);
      expect(await users.get('sub-old')).toEqual({
        email: 'old@example.com',
        sub: 'sub-old',
        createdAt: '2025-01-01T00:00:00.000Z',
        subscription: null,
      });
    } finally {
      client.destroy();
    }
  });
});

describe("the workspace collections' items on DynamoDB Local", () => {
  const AT = '2026-11-26T12:00:00.000Z';
  const list: Watchlist = {
    id: 'wl_1',
    name: 'Tech',
    symbols: ['AAPL'],
    version: 1,
    createdAt: AT,
    updatedAt: AT,
  };
  const screen: SavedScreen = {
    id: 'sc_1',
    name: 'Cheap',
    params: { pe: '<15' },
    createdAt: AT,
    updatedAt: AT,
  };
  const alert: Alert = {
    id: 'al_1',
    symbol: 'AAPL',
    condition: { kind: 'above', price: 200 },
    armed: true,
    version: 1,
    createdAt: AT,
    updatedAt: AT,
  };
  const raw = (sk: string) =>
    documentClient(config)
      .send(new GetCommand({ TableName: USERS_TABLE.localName, Key: { pk: 'USER#u-layout', sk } }))
      .then(({ Item }) => Item);

  it('are one versioned item per user under the keys and attribute names they always had', async () => {
    const stores = usersTableStores(documentClient(config), USERS_TABLE.localName);
    const sub = 'u-layout';
    await stores.watchlists.change(sub, () => ({ lists: [list], result: null }));
    await stores.savedScreens.change(sub, () => ({ screens: [screen], result: null }));
    await stores.alerts.change(sub, () => ({ alerts: [alert], result: null }));
    await stores.watchlists.change(sub, (lists) => ({ lists: [...lists], result: null }));
    expect(await raw('WATCHLISTS')).toEqual({
      pk: 'USER#u-layout',
      sk: 'WATCHLISTS',
      lists: [list],
      version: 2,
    });
    expect(await raw('SCREENS')).toEqual({
      pk: 'USER#u-layout',
      sk: 'SCREENS',
      screens: [screen],
      version: 1,
    });
    expect(await raw('ALERTS')).toEqual({
      pk: 'USER#u-layout',
      sk: 'ALERTS',
      alerts: [alert],
      armedShard: expect.stringMatching(/^ARMED#[0-7]$/),
      version: 1,
    });
    // No armed alert: the item leaves the armed index (no shard attribute).
    await stores.alerts.change(sub, (alerts) => ({
      alerts: alerts.map((a) => ({ ...a, armed: false })),
      result: null,
    }));
    expect(await raw('ALERTS')).toEqual({
      pk: 'USER#u-layout',
      sk: 'ALERTS',
      alerts: [{ ...alert, armed: false }],
      version: 2,
    });
    // A change that stores nothing writes nothing.
    await stores.savedScreens.change(sub, () => ({ result: null }));
    expect((await raw('SCREENS'))?.version).toBe(1);
  });

  it('read the items an earlier release wrote', async () => {
    const client = documentClient(config);
    const sub = 'u-earlier';
    const put = (sk: string, item: Record<string, unknown>) =>
      client.send(
        new PutCommand({
          TableName: USERS_TABLE.localName,
          Item: { pk: `USER#${sub}`, sk, ...item },
        }),
      );
    await put('WATCHLISTS', { lists: [list], version: 3 });
    await put('SCREENS', { screens: [screen], version: 1 });
    await put('ALERTS', { alerts: [alert], armedShard: 'ARMED#0', version: 5 });
    const stores = usersTableStores(client, USERS_TABLE.localName);
    expect(await stores.watchlists.list(sub)).toEqual([list]);
    expect(await stores.savedScreens.list(sub)).toEqual([screen]);
    expect(await stores.alerts.read(sub)).toEqual({ sub, alerts: [alert], version: 5 });
    // The next write is conditional on the version stored.
    await stores.watchlists.change(sub, () => ({ lists: [], result: null }));
    expect(await stores.watchlists.list(sub)).toEqual([]);
    expect(
      (
        await client.send(
          new GetCommand({
            TableName: USERS_TABLE.localName,
            Key: { pk: `USER#${sub}`, sk: 'WATCHLISTS' },
          }),
        )
      ).Item?.version,
    ).toBe(4);
  });
});
