import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type TableDescription,
  type AttributeValue,
  type CreateTableCommandInput,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { TABLES, USERS_TABLE, type KeyAttribute, type TableDefinition } from '../../core/tables';

/** The CreateTable input for a table of core/tables.ts: the same keys and indexes as in CDK. */
export function createTableInput(table: TableDefinition): CreateTableCommandInput {
  const attributes = new Map<string, KeyAttribute>();
  const add = (key: KeyAttribute | undefined) => key && attributes.set(key.name, key);
  add(table.partitionKey);
  add(table.sortKey);
  for (const index of table.globalIndexes) {
    add(index.partitionKey);
    add(index.sortKey);
  }
  const keySchema = (partition: KeyAttribute, sort?: KeyAttribute) => [
    { AttributeName: partition.name, KeyType: 'HASH' as const },
    ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' as const }] : []),
  ];
  return {
    TableName: table.localName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attributes.values()].map((a) => ({
      AttributeName: a.name,
      AttributeType: a.type,
    })),
    KeySchema: keySchema(table.partitionKey, table.sortKey),
    ...(table.globalIndexes.length > 0 && {
      GlobalSecondaryIndexes: table.globalIndexes.map((index) => ({
        IndexName: index.indexName,
        KeySchema: keySchema(index.partitionKey, index.sortKey),
        Projection: index.include
          ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.include] }
          : { ProjectionType: 'ALL' },
      })),
    }),
  };
}

type Item = Record<string, AttributeValue>;

/**
 * How the items of a table whose keys changed move into the new layout. The users table was keyed
 * by e-mail and is now keyed by the Cognito sub (a record becomes the PROFILE item of its user).
 */
const MIGRATIONS: Partial<Record<TableDefinition['id'], (item: Item) => Item | undefined>> = {
  [USERS_TABLE.id]: (item) =>
    item.sub?.S ? { ...item, pk: { S: `USER#${item.sub.S}` }, sk: { S: 'PROFILE' } } : undefined,
};

const sameKeys = (actual: KeySchemaElement[] | undefined, table: TableDefinition) =>
  JSON.stringify(actual ?? []) === JSON.stringify(createTableInput(table).KeySchema);

async function scanAll(client: DynamoDBClient, tableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ...(start && { ExclusiveStartKey: start }) }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Adds the indexes of the definition that an existing table lacks (a local data directory made by
 * an earlier version), one UpdateTable per index as DynamoDB requires, waiting for each to be
 * ACTIVE: DynamoDB Local backfills it from the items already there.
 */
async function addMissingIndexes(
  client: DynamoDBClient,
  table: TableDefinition,
  existing: TableDescription,
  log: (line: string) => void,
): Promise<void> {
  const have = new Set((existing.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const input = createTableInput(table);
  for (const index of input.GlobalSecondaryIndexes ?? []) {
    if (have.has(index.IndexName)) continue;
    const keyNames = new Set(index.KeySchema?.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: table.localName,
        AttributeDefinitions: input.AttributeDefinitions?.filter((a) =>
          keyNames.has(a.AttributeName),
        ),
        GlobalSecondaryIndexUpdates: [{ Create: index }],
      }),
    );
    for (let tries = 0; tries < 600; tries += 1) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: table.localName }));
      const status = Table?.GlobalSecondaryIndexes?.find(
        (i) => i.IndexName === index.IndexName,
      )?.IndexStatus;
      if (status === undefined || status === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log(`Table ${table.localName}: added the index ${index.IndexName}.`);
  }
}

async function createTable(client: DynamoDBClient, table: TableDefinition): Promise<void> {
  await client.send(new CreateTableCommand(createTableInput(table)));
  if (table.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: table.localName,
        TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
      }),
    );
  }
}

/**
 * Creates any missing table of core/tables.ts (idempotent) and enables TTL where defined; an index
 * the definition gained is added to the existing table. A table
 * left by an earlier version with other keys is recreated with its items moved into the new layout
 * (a local data directory outlives upgrades; `npm run reset` is not the upgrade path).
 */
export async function ensureTables(
  client: DynamoDBClient,
  log: (line: string) => void = () => {},
): Promise<void> {
  for (const table of TABLES) {
    let existing: TableDescription | undefined;
    try {
      existing = (await client.send(new DescribeTableCommand({ TableName: table.localName })))
        .Table;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      await createTable(client, table);
      continue;
    }
    const keys: KeySchemaElement[] | undefined = existing?.KeySchema;
    if (existing && sameKeys(keys, table)) {
      await addMissingIndexes(client, table, existing, log);
      continue;
    }
    const migrate = MIGRATIONS[table.id] ?? (() => undefined);
    const items = (await scanAll(client, table.localName)).map(migrate);
    await client.send(new DeleteTableCommand({ TableName: table.localName }));
    await createTable(client, table);
    let moved = 0;
    for (const item of items) {
      if (!item) continue;
      await client.send(new PutItemCommand({ TableName: table.localName, Item: item }));
      moved += 1;
    }
    log(
      `Table ${table.localName}: keys changed; recreated with ${moved} of ${items.length} items moved.`,
    );
  }
}
