import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { USERS_TABLE } from '../../core/tables';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { ensureTables } from '../../infra/local/tables';
import { documentClient } from '../../lambdas/adapters/dynamodb/document-client';
import { DynamoDbUsersRepository } from '../../lambdas/adapters/dynamodb/users-repository';
import { InMemoryUsersRepository } from '../../lambdas/adapters/memory/users-repository';
import { usersRepositoryContract } from '../support/users-repository-contract';

/** The same contract for the DynamoDB adapter (on DynamoDB Local, real SDK) and the in-memory one. */
let dataDir = '';
let db: RunningDynamoDb;
let dynamo: DynamoDbUsersRepository;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stockscope-users-'));
  db = await startDynamoDbLocal({ port: await freePort(), dbPath: dataDir });
  const config = { endpoint: db.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const client = new DynamoDBClient(config);
  await ensureTables(client);
  client.destroy();
  dynamo = new DynamoDbUsersRepository(documentClient(config), USERS_TABLE.localName);
});

afterAll(async () => {
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

usersRepositoryContract('DynamoDB (DynamoDB Local)', () => dynamo);
usersRepositoryContract('in memory', () => new InMemoryUsersRepository());
