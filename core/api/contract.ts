import type * as z from 'zod';

/**
 * An API's contract, written once in core/api/<api>.ts: each endpoint's method, path (relative to
 * the API's prefix, with {parameters} as API Gateway writes them), auth mode, zod schemas of its
 * input, answer type and cache policy. The Lambda dispatch (lambdas/shared/contract-handler.ts),
 * the CDK routes and authorizers, the local gateway and the SPA's typed client are built from it.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** 'cognito': API Gateway's Cognito authorizer must accept the caller's ID token. */
export type AuthMode = 'none' | 'cognito';

/** How long an answer may be reused (seconds); 'no-store' for everything personal. */
export type CacheMode =
  'no-store' | { readonly maxAgeSeconds: number; readonly staleWhileRevalidateSeconds?: number };

export interface Endpoint<Body = unknown, Query = unknown, Answer = unknown, Params = unknown> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: AuthMode;
  /** The path's {parameters}, decoded (a 400 names the parameter that fails). */
  readonly params?: z.ZodType<Params>;
  readonly body?: z.ZodType<Body>;
  /** The query string; endpoints without one ignore whatever query a caller sends. */
  readonly query?: z.ZodType<Query>;
  readonly cache: CacheMode;
  /** Type only: what a successful call answers (see `answers`). */
  readonly answer?: Answer;
}

export interface ApiContract<E extends Record<string, Endpoint> = Record<string, Endpoint>> {
  /** The API's name (its Lambda, its CloudFront path pattern). */
  readonly name: string;
  /** Where it is mounted on the product's origin, e.g. '/api/account'. */
  readonly prefix: string;
  readonly endpoints: E;
}

/** Declares an endpoint's answer type: `answer: answers<PhoneChange>()` (no value at run time). */
export const answers = <T>(): T | undefined => undefined;

export const defineApi = <const E extends Record<string, Endpoint>>(api: ApiContract<E>) => api;

/**
 * An endpoint as a client calls it: method, path, auth, cache and answer type, without the input
 * schemas. Each API's routes live in core/api/<api>-routes.ts, free of zod at run time, so the
 * SPA's first bundle carries neither zod nor the schemas (which build objects at load, and zod
 * probes `new Function` for them, a violation under the product's Content-Security-Policy).
 */
export type Route = Pick<Endpoint, 'method' | 'path' | 'auth' | 'answer'> & {
  /** Here or with the schemas (asset.ts keeps its cache policies out of the SPA's bundle). */
  readonly cache?: CacheMode;
};

export interface ApiRoutes<E extends Record<string, Route> = Record<string, Route>> {
  readonly name: string;
  readonly prefix: string;
  readonly endpoints: E;
}

export const defineRoutes = <const E extends Record<string, Route>>(routes: ApiRoutes<E>) => routes;

/** The input schemas of one endpoint (what the handler validates before it runs). */
export interface EndpointSchemas {
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** The cache policy, when its route leaves it to the server side. */
  readonly cache?: CacheMode;
}

type WithSchemas<E extends Record<string, Route>, S> = {
  readonly [K in keyof E]: E[K] & (K extends keyof S ? S[K] : unknown);
};

/**
 * The API's contract: its routes, each with its input schemas (by endpoint name). Where the API is
 * used as an ApiContract, an endpoint left without a cache policy fails to compile.
 */
export function withSchemas<
  const E extends Record<string, Route>,
  const S extends { readonly [K in keyof E]?: EndpointSchemas },
>(
  routes: ApiRoutes<E>,
  schemas: S,
): { readonly name: string; readonly prefix: string; readonly endpoints: WithSchemas<E, S> } {
  const endpoints = Object.fromEntries(
    Object.entries(routes.endpoints).map(([name, route]) => [
      name,
      { ...route, ...(schemas as Record<string, EndpointSchemas | undefined>)[name] },
    ]),
  );
  return { ...routes, endpoints } as { name: string; prefix: string; endpoints: WithSchemas<E, S> };
}

/** What an endpoint takes: its body, query and path parameters as its schemas produce them. */
type Output<S> = S extends z.ZodType<infer O> ? O : undefined;
type Input<S> = S extends z.ZodType<unknown, infer I> ? I : undefined;
export type BodyOf<E> = E extends { readonly body: infer S } ? Output<S> : undefined;
export type QueryOf<E> = E extends { readonly query: infer S } ? Output<S> : undefined;
export type ParamsOf<E> = E extends { readonly params: infer S } ? Output<S> : undefined;
/** What an endpoint answers (the `answer` it declares with `answers<T>()`). */
export type AnswerOf<E> = E extends { readonly answer?: infer A } ? Exclude<A, undefined> : unknown;
/** What a caller sends: the schemas' input side (strings for query and path). */
export type BodyInputOf<E> = E extends { readonly body: infer S } ? Input<S> : undefined;
export type QueryInputOf<E> = E extends { readonly query: infer S } ? Input<S> : undefined;
export type ParamsInputOf<E> = E extends { readonly params: infer S } ? Input<S> : undefined;

/** The route table as API Gateway (CDK, the local gateway) sees it: method, path, auth. */
export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly resource: string;
  readonly auth: AuthMode;
}

export const routesOf = (api: ApiContract): RouteDefinition[] =>
  Object.values(api.endpoints).map(({ method, path, auth }) => ({ method, resource: path, auth }));
