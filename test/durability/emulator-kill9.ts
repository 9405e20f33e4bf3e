/**
 * DynamoDB Local alone, without the product: writes one item again and again, kills the JVM with
 * SIGKILL right after the answer to a random write, starts it again on the same folder and reads
 * the item back. Shows which acknowledged writes the emulator loses (docs/durability.md):
 *
 *   node --import tsx test/durability/emulator-kill9.ts transact 6          # loses the last one
 *   node --import tsx test/durability/emulator-kill9.ts transact-read 6     # read after each: none
 *   node --import tsx test/durability/emulator-kill9.ts put 6               # none
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/aws-local';
import { startDynamoDbLocal, type RunningDynamoDb } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';

const mode = process.argv[2] ?? 'transact';
const rounds = Number(process.argv[3] ?? 6);
if (!['transact', 'transact-read', 'put'].includes(mode)) throw new Error(`unknown mode ${mode}`);
const TableName = 'durability';
const item = (pk: string, version: number) => ({ pk: { S: pk }, v: { N: String(version) } });
const clientOf = (ddb: RunningDynamoDb) =>
  new DynamoDBClient({
    endpoint: ddb.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });

async function write(client: DynamoDBClient, version: number): Promise<void> {
  if (mode === 'put') {
    await client.send(new PutItemCommand({ TableName, Item: item('item', version) }));
    return;
  }
  await client.send(
    new TransactWriteItemsCommand({
      TransactItems: [
        { Put: { TableName, Item: item('item', version) } },
        { Put: { TableName, Item: item(`audit#${version}`, version) } },
      ],
    }),
  );
  if (mode === 'transact-read') {
    await client.send(new GetItemCommand({ TableName, Key: { pk: { S: '#barrier' } } }));
  }
}

let lostRounds = 0;
for (let round = 0; round < rounds; round++) {
  const dbPath = await mkdtemp(join(tmpdir(), 'stockscope-emulator-kill9-'));
  const port = await freePort();
  let ddb = await startDynamoDbLocal({ port, dbPath });
  let client = clientOf(ddb);
  await client.send(
    new CreateTableCommand({
      TableName,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  const killAt = randomInt(5, 45);
  for (let version = 1; version <= killAt; version++) await write(client, version);
  const exited = new Promise((resolve) => ddb.process.once('exit', resolve));
  ddb.process.kill('SIGKILL');
  await exited;
  client.destroy();

  ddb = await startDynamoDbLocal({ port, dbPath });
  client = clientOf(ddb);
  const read = await client.send(
    new GetItemCommand({ TableName, Key: { pk: { S: 'item' } }, ConsistentRead: true }),
  );
  const onDisk = Number(read.Item?.v?.N ?? 0);
  if (onDisk < killAt) lostRounds++;
  console.log(`${mode} round ${round + 1}: acknowledged ${killAt}, on disk ${onDisk}`);
  client.destroy();
  await ddb.stop();
  await rm(dbPath, { recursive: true, force: true });
}
console.log(`${mode}: ${lostRounds} of ${rounds} rounds lost their last acknowledged write`);
