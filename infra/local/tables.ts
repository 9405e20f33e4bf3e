import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTimeToLiveCommand,
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
        Projection: { ProjectionType: 'ALL' },
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
 * Creates any missing table of core/tables.ts (idempotent) and enables TTL where defined. A table
 * left by an earlier version with other keys is recreated with its items moved into the new layout
 * (a local data directory outlives upgrades; `npm run reset` is not the upgrade path).
 */
export async function ensureTables(
  client: DynamoDBClient,
  log: (line: string) => void = () => {},
): Promise<void> {
  for (const table of TABLES) {
    let keys: KeySchemaElement[] | undefined;
    try {
      keys = (await client.send(new DescribeTableCommand({ TableName: table.localName }))).Table
        ?.KeySchema;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      await createTable(client, table);
      continue;
    }
    if (sameKeys(keys, table)) continue;
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
