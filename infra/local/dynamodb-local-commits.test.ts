import { createServer, type Server } from 'node:http';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitBeforeAnswering } from './dynamodb-local-commits';

/** A stand-in for DynamoDB Local that notes each operation and answers the read late. */
describe('commitBeforeAnswering', () => {
  const events: string[] = [];
  let server: Server;
  let endpoint = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const operation = String(req.headers['x-amz-target']).split('.')[1];
      req.resume();
      req.on('end', () => {
        events.push(`received ${operation}`);
        const answer = () => {
          events.push(`answered ${operation}`);
          res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.0' }).end('{}');
        };
        if (operation === 'GetItem') setTimeout(answer, 50);
        else answer();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () =>
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });

  it('answers a transaction only after a read that the emulator queues behind its COMMIT', async () => {
    events.length = 0;
    const raw = client();
    const documents = DynamoDBDocumentClient.from(client());
    commitBeforeAnswering(documents, raw);
    await documents.send(
      new TransactWriteCommand({
        TransactItems: [{ Put: { TableName: 'stocks', Item: { isin: 'X', sk: 'Y' } } }],
      }),
    );
    events.push('acknowledged');
    expect(events).toEqual([
      'received TransactWriteItems',
      'answered TransactWriteItems',
      'received GetItem',
      'answered GetItem',
      'acknowledged',
    ]);
  });

  it('leaves other writes alone: they wait for their own job', async () => {
    events.length = 0;
    const raw = client();
    commitBeforeAnswering(raw, client());
    await raw.send(
      new PutItemCommand({ TableName: 'stocks', Item: { isin: { S: 'X' }, sk: { S: 'Y' } } }),
    );
    expect(events).toEqual(['received PutItem', 'answered PutItem']);
  });
});
