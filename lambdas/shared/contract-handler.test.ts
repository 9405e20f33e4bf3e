import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { answers, defineApi } from '../../core/api/contract';
import { Conflict, Forbidden, NotFound } from '../../core/domain-errors';
import { createContractHandler, type EndpointHandlers } from './contract-handler';

const API = defineApi({
  name: 'test',
  prefix: '/api/test',
  endpoints: {
    item: {
      method: 'GET',
      path: '/items/{id}',
      auth: 'none',
      params: z.object({ id: z.string().regex(/^\d+$/, 'id must be digits') }),
      query: z.strictObject({ full: z.literal('true').optional() }),
      cache: { maxAgeSeconds: 60 },
      answer: answers<{ id: string; full: boolean }>(),
    },
    save: {
      method: 'PUT',
      path: '/items/{id}',
      auth: 'none',
      params: z.object({ id: z.string() }),
      body: z.object({ version: z.number('version must be a number') }),
      cache: 'no-store',
      answer: answers<{ saved: number }>(),
    },
  },
});

const event = (
  method: string,
  id: string,
  {
    query = null,
    body = null,
  }: { query?: Record<string, string> | null; body?: string | null } = {},
) =>
  ({
    httpMethod: method,
    resource: '/items/{id}',
    path: `/items/${id}`,
    headers: {},
    pathParameters: { id },
    queryStringParameters: query,
    body,
    isBase64Encoded: false,
    requestContext: {},
  }) as unknown as APIGatewayProxyEvent;

const handlers: EndpointHandlers<typeof API> = {
  item: async ({ params, query }) => {
    if (params.id === '404') throw new NotFound('No such item');
    if (params.id === '403') throw new Forbidden('Not yours');
    return { id: params.id, full: query.full === 'true' };
  },
  save: async ({ body }) => {
    if (body.version < 0) throw new Conflict('Changed meanwhile');
    return { saved: body.version + 1 };
  },
};

describe('createContractHandler (one contract per API, domain errors mapped once)', () => {
  const api = createContractHandler(API, handlers);
  const call = async (e: APIGatewayProxyEvent) => {
    const response = await api(e);
    return {
      status: response.statusCode,
      headers: response.headers,
      body: JSON.parse(response.body || '{}') as unknown,
    };
  };

  it('answers with the parsed input and the endpoint’s cache policy', async () => {
    const answer = await call(event('GET', '7', { query: { full: 'true' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: '7', full: true });
    expect(answer.headers?.['Cache-Control']).toBe('public, max-age=60');
    const saved = await call(event('PUT', '7', { body: '{"version":2}' }));
    expect(saved).toMatchObject({ status: 200, body: { saved: 3 } });
    expect(saved.headers?.['Cache-Control']).toBe('no-store');
  });

  it('answers bad input with a 400 naming the field, never running the handler', async () => {
    expect(await call(event('GET', 'x'))).toMatchObject({
      status: 400,
      body: { message: 'id: id must be digits' },
    });
    expect((await call(event('GET', '7', { query: { extra: '1' } }))).status).toBe(400);
    expect(await call(event('PUT', '7', { body: '{}' }))).toMatchObject({
      status: 400,
      body: { message: 'version: version must be a number' },
    });
  });

  it('maps each domain error to its status once', async () => {
    expect(await call(event('GET', '404'))).toEqual(
      expect.objectContaining({ status: 404, body: { message: 'No such item' } }),
    );
    expect((await call(event('GET', '403'))).status).toBe(403);
    expect((await call(event('PUT', '7', { body: '{"version":-1}' }))).status).toBe(409);
  });

  it('refuses a handler table that lacks an endpoint of the contract, or has one it lacks', () => {
    const { save: _save, ...missing } = handlers;
    expect(() => createContractHandler(API, missing as typeof handlers)).toThrow(
      'No handler for test.save',
    );
    const extra = { ...handlers, remove: async () => ({}) };
    expect(() => createContractHandler(API, extra as typeof handlers)).toThrow(
      'handlers for endpoints its contract lacks: remove',
    );
  });
});
