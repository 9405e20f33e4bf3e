import { InMemorySavedScreenStore } from '../../lambdas/adapters/memory/saved-screen-store';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { ensureTables } from '../../infra/local/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { usersTableStores } from '../../lambdas/adapters/dynamodb/users-table-stores';
import { InMemoryAttemptLog } from '../../lambdas/adapters/memory/attempt-log';
import { InMemoryDeviceProofs } from '../../lambdas/adapters/memory/device-proofs';
import { InMemoryPhoneChanges } from '../../lambdas/adapters/memory/phone-changes';
import { InMemoryAlertStore } from '../../lambdas/adapters/memory/alert-store';
import { InMemoryWatchlistStore } from '../../lambdas/adapters/memory/watchlist-store';
import { InMemorySessionRevocations } from '../../lambdas/adapters/memory/session-revocations';
import { InMemoryUsersRepository } from '../../lambdas/adapters/memory/users-repository';
import { usersTableContract } from '../support/users-table-contract';

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
