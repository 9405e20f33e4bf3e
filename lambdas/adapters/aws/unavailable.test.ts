import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
} from '@aws-sdk/client-dynamodb';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Unavailable } from '../../../core/domain-errors';
import { asUnavailable, isUnavailable } from './unavailable';

const sdkError = (name: string, status: number, fault: 'client' | 'server') =>
  Object.assign(new Error(name), { name, $fault: fault, $metadata: { httpStatusCode: status } });

describe('isUnavailable', () => {
  it('takes a refused connection, a timeout, throttling and a 5xx as unavailable', () => {
    expect(
      isUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isUnavailable(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toBe(
      true,
    );
    expect(isUnavailable(sdkError('ProvisionedThroughputExceededException', 400, 'client'))).toBe(
      true,
    );
    expect(isUnavailable(sdkError('InternalServerError', 500, 'server'))).toBe(true);
    expect(
      isUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it('leaves the call’s own refusals and programming errors alone', () => {
    expect(
      isUnavailable(new ConditionalCheckFailedException({ message: 'stale', $metadata: {} })),
    ).toBe(false);
    expect(isUnavailable(sdkError('ValidationException', 400, 'client'))).toBe(false);
    expect(isUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isUnavailable(undefined)).toBe(false);
  });
});

describe('asUnavailable over the real SDK', () => {
  let silent: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    // Accepts connections and never answers, as a stopped (SIGSTOP) DynamoDB Local does.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const client = (endpoint: string) =>
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      requestHandler: { connectionTimeout: 200, requestTimeout: 300, throwOnRequestTimeout: true },
      maxAttempts: 2,
    });
  const get = new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } });

  it('maps a store that does not answer to Unavailable', async () => {
    const error = await client(`http://127.0.0.1:${port}`)
      .send(get)
      .catch((e: unknown) => e);
    expect(asUnavailable(error)).toBeInstanceOf(Unavailable);
  });

  it('maps a refused connection to Unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await client(`http://127.0.0.1:${freePort}`)
      .send(get)
      .catch((e: unknown) => e);
    expect(asUnavailable(error)).toBeInstanceOf(Unavailable);
  });
});
