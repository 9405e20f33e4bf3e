import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveClient } from '../support/keep-alive-client';
import { MAX_BODY_BYTES } from '../../infra/local/api-gateway';
import type { RunningServer } from '../../infra/local/server';
import { startApiOnlyServer } from '../../infra/local/testing/api-only-server';

let dir = '';
let server: RunningServer;
let client: ReturnType<typeof keepAliveClient>;

/** A Lambda that answers with the parts of the event these tests look at. */
const echo = async (event: APIGatewayProxyEvent) => ({
  statusCode: 200,
  body: JSON.stringify({
    query: event.queryStringParameters,
    multiQuery: event.multiValueQueryStringParameters,
    constructorHeader: event.headers['constructor'],
    bodyLength: event.body?.length ?? 0,
  }),
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stockscope-gateway-'));
  server = await startApiOnlyServer(dir, [
    {
      name: 'echo',
      prefix: '/api/echo',
      routes: [
        { method: 'GET', resource: '/e', auth: 'none' },
        { method: 'POST', resource: '/e', auth: 'none' },
      ],
      handler: echo,
    },
  ]);
  client = keepAliveClient(server.url);
});

afterAll(async () => {
  client.close();
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('local API Gateway event', () => {
  it("passes the query's keys as own properties, Object.prototype's names included", async () => {
    const answer = await client.send(
      'GET',
      '/api/echo/e?__proto__=1&constructor=2&hasOwnProperty=3&toString=4&a=x&a=y',
      { headers: { constructor: 'header' } },
    );
    expect(answer.status, answer.body).toBe(200);
    const { query, multiQuery, constructorHeader } = JSON.parse(answer.body) as Record<
      string,
      unknown
    >;
    expect(constructorHeader).toBe('header');
    // JSON.parse makes '__proto__' an own key, as Lambda's parse of API Gateway's event does.
    expect(query).toEqual(
      JSON.parse('{"__proto__":"1","constructor":"2","hasOwnProperty":"3","toString":"4","a":"y"}'),
    );
    expect(multiQuery).toEqual(
      JSON.parse(
        '{"__proto__":["1"],"constructor":["2"],"hasOwnProperty":["3"],"toString":["4"],"a":["x","y"]}',
      ),
    );
  });
});

describe('local API Gateway body limit', () => {
  it('answers 413 at once and the next request on the same connection promptly', async () => {
    for (let round = 0; round < 5; round += 1) {
      const big = await client.send('POST', '/api/echo/e', {
        body: Buffer.alloc(MAX_BODY_BYTES + 1024 * 1024),
      });
      expect(big.status).toBe(413);
      const next = await client.send('POST', '/api/echo/e', { body: '{"ok":true}' });
      expect(next).toMatchObject({ status: 200, reusedSocket: true });
      expect(JSON.parse(next.body)).toMatchObject({ bodyLength: 11 });
      expect(next.ms).toBeLessThan(1_000);
    }
  });
});
