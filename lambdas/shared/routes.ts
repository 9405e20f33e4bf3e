/**
 * An API's routes as API Gateway sees them: method + resource template ('/stocks/profile/{symbol}').
 * One table per API drives the CDK resources, the local server's request matching and the
 * handler's dispatch, so the three cannot drift apart.
 */
import type { HttpMethod, RouteDefinition } from '../../core/api/contract';

export type { HttpMethod, RouteDefinition };

export type RouteMatch =
  | {
      readonly kind: 'match';
      readonly route: RouteDefinition;
      readonly pathParameters: Record<string, string>;
    }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly HttpMethod[] };

function matchTemplate(resource: string, path: string): Record<string, string> | undefined {
  const templateParts = resource.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  if (templateParts.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < templateParts.length; i += 1) {
    const template = templateParts[i]!;
    const actual = pathParts[i]!;
    const param = /^\{(\w+)\}$/.exec(template);
    if (param) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
      params[param[1]!] = decoded;
    } else if (template !== actual) {
      return undefined;
    }
  }
  return params;
}

/** Finds the route API Gateway would pick for a request (literal segments before parameters). */
export function matchRoute(
  routes: readonly RouteDefinition[],
  method: string,
  path: string,
): RouteMatch {
  const candidates = routes
    .map((route) => ({ route, params: matchTemplate(route.resource, path) }))
    .filter(
      (c): c is { route: RouteDefinition; params: Record<string, string> } =>
        c.params !== undefined,
    )
    // API Gateway prefers the most specific template: fewer parameters first.
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  if (candidates.length === 0) return { kind: 'not-found' };
  const hit = candidates.find((c) => c.route.method === method.toUpperCase());
  if (!hit) return { kind: 'method-not-allowed', allowed: candidates.map((c) => c.route.method) };
  return { kind: 'match', route: hit.route, pathParameters: hit.params };
}

export const routeKey = (route: Pick<RouteDefinition, 'method' | 'resource'>): string =>
  `${route.method} ${route.resource}`;
