import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from './users-keys';

/** How often a read-modify-write is retried when another writer got in between. */
const MAX_TRIES = 8;

/**
 * A read-modify-write of one small item, safe against concurrent writers: the item carries a
 * `version`; the put is conditional on the version read (or on the item's absence), and a lost
 * race reads again. `change` gets the current attributes (undefined when there is no item) and
 * answers the new ones plus a result, or `undefined` to write nothing.
 */
export async function updateVersioned<T extends object, R>(
  client: DynamoDBDocumentClient,
  tableName: string,
  key: ItemKey,
  change: (
    current: T | undefined,
  ) => { readonly item: T; readonly result: R } | { readonly result: R; readonly item?: undefined },
): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
    );
    const version = typeof Item?.version === 'number' ? Item.version : undefined;
    const next = change(Item as T | undefined);
    if (!next.item) return next.result;
    try {
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...next.item, ...key, version: (version ?? 0) + 1 },
          ...(version === undefined
            ? {
                ConditionExpression: 'attribute_not_exists(#version)',
                ExpressionAttributeNames: { '#version': 'version' },
              }
            : {
                ConditionExpression: '#version = :version',
                ExpressionAttributeNames: { '#version': 'version' },
                ExpressionAttributeValues: { ':version': version },
              }),
        }),
      );
      return next.result;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException) || attempt >= MAX_TRIES) throw error;
    }
  }
}
