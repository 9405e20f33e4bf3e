import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type KeyAttribute, type TableDefinition } from '../../core/tables';

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

/** Creates any missing table of core/tables.ts (idempotent) and enables TTL where defined. */
export async function ensureTables(client: DynamoDBClient): Promise<void> {
  for (const table of TABLES) {
    try {
      await client.send(new DescribeTableCommand({ TableName: table.localName }));
      continue;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
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
}
