import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { AnswerOf, ApiContract, BodyOf, Endpoint, QueryOf } from '../../core/api/contract';
import { routesOf } from '../../core/api/contract';
import { cachedJson } from './cache';
import { callerFrom, type Caller } from './claims';
import { createApiHandler, type ApiHandler, type ApiOptions, type RouteHandler } from './dispatch';
import { json, jsonBody, parseOr400 } from './http';
import { routeKey } from './routes';

/** What an endpoint's handler gets: its input parsed by the contract's schemas, and the caller. */
export interface EndpointInput<E extends Endpoint> {
  readonly body: BodyOf<E>;
  readonly query: QueryOf<E>;
  readonly params: Readonly<Record<string, string>>;
  /** The verified, unrevoked caller on Cognito routes. */
  readonly caller: E['auth'] extends 'cognito' ? Caller : undefined;
  readonly event: APIGatewayProxyEvent;
}

export type EndpointHandlers<C extends ApiContract> = {
  readonly [K in keyof C['endpoints']]: (
    input: EndpointInput<C['endpoints'][K]>,
  ) => Promise<AnswerOf<C['endpoints'][K]>>;
};

/** Query parameters as a plain object without a prototype: '__proto__' is just a key here. */
function queryOf(event: APIGatewayProxyEvent): Record<string, string> {
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(event.queryStringParameters ?? {})) {
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/**
 * A Lambda handler built from an API's contract: dispatch on the route, revocations checked for
 * Cognito routes (dispatch.ts), the body and query validated with the contract's schemas (a 400
 * naming the field), and the answer serialised with the endpoint's cache policy. Handlers are the
 * glue between this and a service; the service's domain errors are mapped once, in http.ts.
 */
export function createContractHandler<C extends ApiContract>(
  api: C,
  handlers: EndpointHandlers<C>,
  options: ApiOptions,
): ApiHandler {
  const routeHandlers: Record<string, RouteHandler> = {};
  for (const [name, endpoint] of Object.entries(api.endpoints) as [
    keyof C['endpoints'],
    Endpoint,
  ][]) {
    const handle = handlers[name] as (input: EndpointInput<Endpoint>) => Promise<unknown>;
    routeHandlers[routeKey({ method: endpoint.method, resource: endpoint.path })] = async (
      event,
    ) => {
      const caller = endpoint.auth === 'cognito' ? callerFrom(event) : undefined;
      const body = endpoint.body ? parseOr400(endpoint.body, jsonBody(event)) : undefined;
      const query = endpoint.query ? parseOr400(endpoint.query, queryOf(event)) : undefined;
      const answer = await handle({
        body,
        query,
        params: event.pathParameters ?? {},
        caller,
        event,
      } as EndpointInput<Endpoint>);
      return endpoint.cache === 'no-store'
        ? json(200, answer)
        : cachedJson(event, answer, endpoint.cache);
    };
  }
  return createApiHandler(routesOf(api), routeHandlers, options);
}
