import type { AppSyncResolverEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../../core/api/graphql-limits';
import type { keepAliveClient } from '../support/keep-alive-client';
import { serveHandler } from '../support/local-handler-server';
import { createLocalGraphql } from '../../infra/local/graphql';

const API_KEY = 'test-key';
let close: () => Promise<void>;
let client: ReturnType<typeof keepAliveClient>;
let calls: string[] = [];

/** The direct Lambda resolver's stand-in: records each call and answers per field. */
async function resolver(event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> {
  calls.push(`${event.info.fieldName}(${JSON.stringify(event.arguments)})`);
  const symbol = String(event.arguments.symbol ?? '');
  switch (event.info.fieldName) {
    case 'indexes':
      return [
        { symbol: '^IXIC', name: 'NASDAQ', country: 'US', currency: 'USD', quote: { price: 1 } },
      ];
    case 'statements':
      return [];
    case 'stock':
    case 'quote':
      return null;
    default:
      return JSON.stringify({ symbol });
  }
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  client.send('POST', '/graphql', {
    headers: { 'Content-Type': 'application/json', 'x-api-key': API_KEY, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const messages = (body: string) =>
  (JSON.parse(body) as { errors?: { message: string }[] }).errors?.map((e) => e.message) ?? [];

const aliases = (count: number, field = 'shariah') =>
  Array.from({ length: count }, (_, i) => `a${i}: ${field}(symbol: "S${i}")`).join(' ');

beforeAll(async () => {
  const handle = createLocalGraphql({ resolver, apiKey: API_KEY });
  ({ client, close } = await serveHandler(handle));
});

beforeEach(() => {
  calls = [];
});

afterAll(() => close());

describe('local GraphQL limits', () => {
  it('runs a stock page (8 Query fields, fragments, the deepest path of the schema)', async () => {
    const answer = await post({
      query: `query Page($s: String!) {
        stock(symbol: $s) { ...StockFields } quote(symbol: $s) { price }
        income: statements(symbol: $s, kind: income) { id }
        balance: statements(symbol: $s, kind: balance) { id }
        cash: statements(symbol: $s, kind: cash) { id }
        ratiosTtm(symbol: $s) keyMetricsTtm(symbol: $s) shariah(symbol: $s)
        indexes { ...IndexFields } }
      fragment StockFields on Stock { symbol __typename }
      fragment IndexFields on MarketIndex { symbol quote { price } }`,
      variables: { s: 'AAA' },
    });
    expect(answer.status, answer.body).toBe(200);
    expect(messages(answer.body)).toEqual([]);
    expect(calls).toHaveLength(9);
  });

  it('refuses 1,000 aliased fields with 400 before any resolver runs', async () => {
    const answer = await post({ query: `{ ${aliases(1_000)} }` });
    expect(answer.status).toBe(400);
    // graphql-js's wording ("more that … tokens"): the limit is what must be in it.
    expect(messages(answer.body).join()).toContain(`${GRAPHQL_LIMITS.maxTokens} tokens`);
    expect(calls).toEqual([]);
  });

  it('refuses more aliases than the limit', async () => {
    const answer = await post({ query: `{ ${aliases(GRAPHQL_LIMITS.maxAliases + 1)} }` });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toContain(
      `Aliases limit of ${GRAPHQL_LIMITS.maxAliases} exceeded, found ${GRAPHQL_LIMITS.maxAliases + 1}.`,
    );
    expect(calls).toEqual([]);
  });

  it('refuses more resolver calls than AppSync would allow', async () => {
    const query = `{ ${aliases(GRAPHQL_LIMITS.maxAliases, 'quote')} stock(symbol: "A") { symbol }
      quote(symbol: "A") { price } indexes { symbol } statements(symbol: "A", kind: cash) { id }
      ratiosTtm(symbol: "A") keyMetricsTtm(symbol: "A") shariah(symbol: "A") }`;
    const answer = await post({
      query: query.replace(/quote\(symbol: "(S\d+)"\)/g, 'quote(symbol: "$1") { price }'),
    });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toEqual([
      `Resolver limit of ${GRAPHQL_LIMITS.maxResolvers} exceeded: the query would resolve ${GRAPHQL_LIMITS.maxAliases + 7} Query fields.`,
    ]);
    expect(calls).toEqual([]);
  });

  it('refuses nesting deeper than the limit (introspection nests without end)', async () => {
    const answer = await post({
      query: '{ __type(name: "Query") { fields { type { ofType { name } } } } }',
    });
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toEqual([
      `Query depth limit of ${GRAPHQL_LIMITS.maxDepth} exceeded, found 5.`,
    ]);
  });

  it('answers syntax and validation errors with 400 and field errors with 200', async () => {
    expect((await post({ query: '{ stock(' })).status).toBe(400);
    expect((await post({ query: '{ nothing }' })).status).toBe(400);
    expect((await post({ query: '{ stock(symbol: "A") { symbol } }' })).status).toBe(200);
  });
});

describe('local GraphQL per-request cache', () => {
  it('resolves the same field with the same arguments once per request', async () => {
    const answer = await post({
      query: `{ a: shariah(symbol: "X") b: shariah(symbol: "X") c: shariah(symbol: "Y")
        d: statements(symbol: "X", kind: income) { id }
        e: statements(symbol: "X", kind: income, period: annual) { id } }`,
    });
    expect(answer.status).toBe(200);
    const data = (JSON.parse(answer.body) as { data: Record<string, unknown> }).data;
    expect(data.a).toBe(data.b);
    expect(calls.sort()).toEqual([
      'shariah({"symbol":"X"})',
      'shariah({"symbol":"Y"})',
      'statements({"symbol":"X","kind":"income","period":"annual","limit":8})',
    ]);
    // A new request computes afresh.
    await post({ query: '{ shariah(symbol: "X") }' });
    expect(calls).toHaveLength(4);
  });
});

describe('local GraphQL keep-alive', () => {
  it('answers the next request on the same connection at once after a refused query', async () => {
    for (let round = 0; round < 5; round += 1) {
      expect((await post({ query: `{ ${aliases(1_000)} }` })).status).toBe(400);
      const next = await post({ query: '{ shariah(symbol: "A") }' });
      expect(next).toMatchObject({ status: 200, reusedSocket: true });
      expect(next.ms).toBeLessThan(1_000);
    }
  });

  it('answers the next request at once after an oversized body or a wrong API key', async () => {
    for (let round = 0; round < 5; round += 1) {
      for (const headers of [{}, { 'x-api-key': 'wrong' }] as Record<string, string>[]) {
        const refused = await post('x'.repeat(4 * 1024 * 1024), headers);
        expect([400, 401]).toContain(refused.status);
        const next = await post({ query: '{ shariah(symbol: "A") }' });
        expect(next).toMatchObject({ status: 200, reusedSocket: true });
        expect(next.ms).toBeLessThan(1_000);
      }
    }
  });
});
