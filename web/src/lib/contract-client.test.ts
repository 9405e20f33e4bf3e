import { describe, expect, it } from 'vitest';
import { endpointUrl } from './contract-client';

const api = { prefix: '/api/thing' };

describe('endpointUrl', () => {
  it('joins the prefix, the path and the query, each value percent-encoded', () => {
    expect(
      endpointUrl(
        api,
        { path: '/a/{id}/b' },
        { id: 'x y/z' },
        { q: 'one two+', n: 3, no: undefined },
      ),
    ).toBe('/api/thing/a/x%20y%2Fz/b?q=one%20two%2B&n=3');
  });

  it('refuses a path parameter it was not given', () => {
    expect(() => endpointUrl(api, { path: '/a/{id}' })).toThrow(
      'Missing path parameter id of /a/{id}',
    );
  });
});
