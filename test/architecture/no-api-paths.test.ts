import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contractPaths,
  findApiPathLiterals,
  isApiPathLiteral,
  literalsOf,
  type ApiPaths,
} from './api-path-literals';

const inRepo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

let api: ApiPaths;

beforeAll(async () => {
  api = await contractPaths(inRepo('core/api'));
});

describe('API paths live in the contracts only (issue 10)', () => {
  it('reads every API of core/api, prefixes and endpoint paths', () => {
    expect(api.prefixes).toEqual(
      expect.arrayContaining([
        '/api/asset',
        '/api/admin',
        '/api/subscription',
        '/api/account',
        '/graphql',
      ]),
    );
    expect(api.paths).toEqual(
      expect.arrayContaining(['/stocks/list', '/stocks/quote/{symbol}', '/listUsers', '/user']),
    );
  });

  it('recognises the ways a path gets written out, and leaves the SPA routes alone', () => {
    const source = [
      "getEnvelope('/stocks/list', { all: 'true' });",
      "stockPath('/stocks/analyst', symbol);",
      'fetch(`/stocks/quote/${symbol}`);',
      "requestJson(ADMIN + '/listUsers?' + query);",
      "const BASE = '/api/subscription';",
      'fetch(`${origin}/graphql`);',
      "const home = '/stocks/:symbol';",
      "navigate('/profile');",
      'link(`/stocks/${symbol}`);',
      "import { ASSET_API } from '@core/api/asset';",
    ].join('\n');
    const flagged = literalsOf('x.ts', source)
      .filter(({ text }) => isApiPathLiteral(text, api))
      .map(({ line }) => line);
    expect(flagged).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('finds none in web/src outside lib/contract-client.ts (tests aside)', async () => {
    const findings = await findApiPathLiterals(inRepo('web/src'), api, ['lib/contract-client.ts']);
    expect(findings, 'call the API through callEndpoint and its core/api contract').toEqual([]);
  });
});
