import { describe, expect, it } from 'vitest';
import { matchRoute, routeKey, type RouteDefinition } from './routes';

const routes: RouteDefinition[] = [
  { method: 'GET', resource: '/stocks/profile/{symbol}', auth: 'none' },
  { method: 'GET', resource: '/stocks/search', auth: 'none' },
  { method: 'GET', resource: '/stocks/{kind}', auth: 'none' },
  { method: 'POST', resource: '/user', auth: 'cognito' },
];

describe('matchRoute', () => {
  it('extracts decoded path parameters', () => {
    const match = matchRoute(routes, 'get', '/stocks/profile/BRK%2EB');
    expect(match).toEqual({ kind: 'match', route: routes[0], pathParameters: { symbol: 'BRK.B' } });
  });

  it('prefers a literal segment over a parameter, as API Gateway does', () => {
    const match = matchRoute(routes, 'GET', '/stocks/search');
    expect(match.kind === 'match' && match.route.resource).toBe('/stocks/search');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute(routes, 'GET', '/user')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['POST'],
    });
    expect(matchRoute(routes, 'GET', '/nothing/here/at/all')).toEqual({ kind: 'not-found' });
  });

  it('rejects malformed percent-encoding instead of throwing', () => {
    expect(matchRoute(routes, 'GET', '/stocks/profile/%E0%A4%A').kind).toBe('not-found');
  });

  it('keys a route by method and resource', () => {
    expect(routeKey(routes[3]!)).toBe('POST /user');
  });
});
