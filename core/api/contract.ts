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
