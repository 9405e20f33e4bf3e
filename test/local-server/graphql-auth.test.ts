import type { AppSyncIdentityCognito, AppSyncResolverEvent } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalGraphql } from '../../infra/local/graphql';
import type { keepAliveClient } from '../support/keep-alive-client';
import { serveHandler } from '../support/local-handler-server';

const API_KEY = 'test-key';
const CLAIMS = { sub: 'sub-1', email: 'a@example.com', 'cognito:groups': '[admin]' };
let close: () => Promise<void>;
let client: ReturnType<typeof keepAliveClient>;
let calls: AppSyncResolverEvent<Record<string, unknown>>[] = [];

async function resolver(event: AppSyncResolverEvent<Record<string, unknown>>): Promise<unknown> {
  calls.push(event);
  if (event.info.fieldName === 'stock') return null;
  return { isin: 'US0378331005', text: 'T', version: 1, updatedAt: null, updatedBy: null };
}

const post = (query: string, headers: Record<string, string>) =>
  client.send('POST', '/graphql', {
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
  });

const MUTATION =
  'mutation { updateDescription(isin: "US0378331005", text: "T", version: 0) { version } }';

beforeAll(async () => {
  const handle = createLocalGraphql({
    resolver,
    apiKey: API_KEY,
    verifier: {
      verify: async (token) => {
        if (token !== 'good-token') throw new Error('invalid');
        return CLAIMS;
      },
    },
  });
  ({ client, close } = await serveHandler(handle));
});

beforeEach(() => {
  calls = [];
});

afterAll(() => close());

describe('local GraphQL multi-auth (API key default, Cognito user pool additional)', () => {
  it('refuses a user-pool field with the API key alone, without calling the resolver', async () => {
    const answer = await post(MUTATION, { 'x-api-key': API_KEY });
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body) as { data: unknown; errors: { errorType: string }[] };
    expect(body.data).toEqual({ updateDescription: null });
    expect(body.errors[0]?.errorType).toBe('Unauthorized');
    expect(calls).toEqual([]);
  });

  it('runs a user-pool field with a verified token and hands its claims as the identity', async () => {
    const answer = await post(MUTATION, { Authorization: 'good-token' });
    expect(JSON.parse(answer.body)).toEqual({ data: { updateDescription: { version: 1 } } });
    expect((calls[0]?.identity as AppSyncIdentityCognito).claims).toEqual(CLAIMS);
  });

  it('refuses a bad token with 401, whatever the API key', async () => {
    const answer = await post(MUTATION, { Authorization: 'forged', 'x-api-key': API_KEY });
    expect(answer.status).toBe(401);
    expect(calls).toEqual([]);
  });

  it('keeps public fields on the API key, and refuses them to a user-pool request', async () => {
    const query = '{ stock(symbol: "AAPL") { symbol } }';
    expect(JSON.parse((await post(query, { 'x-api-key': API_KEY })).body)).toEqual({
      data: { stock: null },
    });
    const withToken = JSON.parse((await post(query, { Authorization: 'good-token' })).body) as {
      errors: { errorType: string }[];
    };
    expect(withToken.errors[0]?.errorType).toBe('Unauthorized');
  });
});
