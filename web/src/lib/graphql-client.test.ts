import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GraphqlError,
  NotFoundError,
  requestGraphql,
  UnauthorizedError,
} from './graphql-client';
import { jsonResponse as json, mockFetchPerTest } from '../testing/test-utils';

const fetchMock = mockFetchPerTest();

const call = () =>
  requestGraphql<{ x: number }>({
    url: '/graphql',
    query: 'query Q($isin: ID!) { x(isin: $isin) }',
    variables: { isin: 'US0378331005' },
    idToken: 'id-token',
  });

describe('requestGraphql', () => {
  it('POSTs the query and variables with the ID token as Authorization, answering data', async () => {
    fetchMock.mockResolvedValue(json({ data: { x: 1 } }));
    await expect(call()).resolves.toEqual({ x: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init!.headers);
    expect(url).toBe('/graphql');
    expect(init!.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('id-token');
    expect(headers.has('x-api-key')).toBe(false);
    expect(JSON.parse(String(init!.body))).toEqual({
      query: 'query Q($isin: ID!) { x(isin: $isin) }',
      variables: { isin: 'US0378331005' },
    });
  });

  it.each([
    ['Conflict', ConflictError],
    ['Forbidden', ForbiddenError],
    ['NotFound', NotFoundError],
    ['BadRequest', BadRequestError],
    ['Unauthorized', UnauthorizedError],
  ] as const)('maps errorType %s to its typed error with the message', async (type, Type) => {
    fetchMock.mockResolvedValue(
      json({ data: { x: null }, errors: [{ errorType: type, message: `m-${type}` }] }),
    );
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Type);
    expect(error).toBeInstanceOf(GraphqlError);
    expect(error).toMatchObject({ errorType: type, message: `m-${type}` });
  });

  it('keeps an unclassified error a plain GraphqlError', async () => {
    fetchMock.mockResolvedValue(json({ data: null, errors: [{ message: 'Internal error' }] }));
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlError);
    expect(error).toMatchObject({ errorType: undefined, message: 'Internal error' });
  });

  it("answers AppSync's 401 (token refused) as Unauthorized", async () => {
    fetchMock.mockResolvedValue(
      json({ errors: [{ errorType: 'UnauthorizedException', message: 'Not you' }] }, 401),
    );
    await expect(call()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('keeps HTTP failures ApiErrors with their status (so retries apply)', async () => {
    fetchMock.mockResolvedValue(new Response('busy', { status: 503 }));
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503 });
  });

  it('refuses an answer without data', async () => {
    fetchMock.mockResolvedValue(json({}));
    await expect(call()).rejects.toThrow('The answer carried no data');
  });
});
