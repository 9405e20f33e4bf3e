import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STOCKS_TABLE } from '../../core/tables';

/**
 * DynamoDB Local answers TransactWriteItems before its write is durable. Its SQLite layer runs
 * every statement as a job on one queue (sqlite4java's SQLiteQueue): beginTransaction waits for its
 * job, but commitTransaction only enqueues the COMMIT and returns, and the answer goes out while
 * the COMMIT waits its turn (SQLiteDBAccess.commitTransaction: `queue.execute(job)` without
 * `.get()`). A kill -9 in that window loses a write the product acknowledged: a curation edit and
 * its audit entry, both gone, as found by test/durability/kill9.ts (6 of 6 kills right after an
 * acknowledged transaction lost it; PutItem and UpdateItem, which wait for their job, lost none).
 * DynamoDB Local has no setting for it (it sets no PRAGMA; SQLite's defaults, journal_mode DELETE
 * and synchronous FULL, make a committed transaction survive a process kill).
 *
 * The queue runs its jobs in order, so a read sent after the answer runs after that COMMIT: this
 * middleware holds each TransactWriteItems' answer until such a read (a GetItem of a key no item
 * has) has come back, and the product acknowledges only what is on disk. AWS's DynamoDB is durable
 * when it answers; only the local clients get this.
 */
export function commitBeforeAnswering(
  client: DynamoDBClient | DynamoDBDocumentClient,
  reader: DynamoDBClient,
): void {
  const barrier = new GetItemCommand({
    TableName: STOCKS_TABLE.localName,
    Key: { isin: { S: '#local' }, sk: { S: '#commit-barrier' } },
  });
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (context.commandName === 'TransactWriteItemsCommand') await reader.send(barrier);
      return result;
    },
    { step: 'initialize', name: 'dynamoDbLocalCommitBeforeAnswering' },
  );
}
