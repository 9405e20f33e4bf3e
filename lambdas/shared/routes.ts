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

type Segment = { readonly literal: string } | { readonly param: string };

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

/**
 * Templates parsed once (a route table is fixed): the local server matches every request against
 * each of an API's templates, and splitting them per request costs 5 % of its CPU under load.
 */
const templates = new Map<string, readonly Segment[]>();

function templateOf(resource: string): readonly Segment[] {
  let template = templates.get(resource);
  if (!template) {
    template = segmentsOf(resource).map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? { param: param[1]! } : { literal: part };
    });
    templates.set(resource, template);
  }
  return template;
}

function matchTemplate(
  template: readonly Segment[],
  pathParts: readonly string[],
): Record<string, string> | undefined {
  if (template.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i += 1) {
    const segment = template[i]!;
    const actual = pathParts[i]!;
    if ('param' in segment) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
      params[segment.param] = decoded;
    } else if (segment.literal !== actual) {
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
  const pathParts = segmentsOf(path);
  const candidates = routes
    .map((route) => ({ route, params: matchTemplate(templateOf(route.resource), pathParts) }))
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
