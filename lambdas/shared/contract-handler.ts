import type { APIGatewayProxyEvent } from 'aws-lambda';
import type {
  AnswerOf,
  ApiContract,
  BodyOf,
  Endpoint,
  ParamsOf,
  QueryOf,
} from '../../core/api/contract';
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
  readonly params: ParamsOf<E>;
  /** The verified, unrevoked caller on Cognito routes. */
  readonly caller: E['auth'] extends 'cognito' ? Caller : undefined;
  readonly event: APIGatewayProxyEvent;
}

type Handle<E extends Endpoint> = (input: EndpointInput<E>) => Promise<AnswerOf<E>>;

/**
 * An endpoint's glue: the handler, or the handler with an authorisation that runs before any
 * input is read — so a caller without access learns nothing from a validation message (403
 * before 400).
 */
export type EndpointHandler<E extends Endpoint> =
  | Handle<E>
  | {
      readonly authorize: (caller: EndpointInput<E>['caller']) => Promise<void> | void;
      readonly handle: Handle<E>;
    };

export type EndpointHandlers<C extends ApiContract> = {
  readonly [K in keyof C['endpoints']]: EndpointHandler<C['endpoints'][K]>;
};

/** Query parameters as a plain object without a prototype: '__proto__' is just a key here. */
function plainObject(values: Record<string, string | undefined> | null): Record<string, string> {
  const object = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value !== undefined) object[key] = value;
  }
  return object;
}

/**
 * A Lambda handler built from an API's contract: dispatch on the route, revocations checked for
 * Cognito routes (dispatch.ts), path parameters, body and query validated with the contract's
 * schemas (a 400 naming the field), and the answer serialised with the endpoint's cache policy
 * (an ETag, and 304 for a matching If-None-Match). Handlers are the glue between this and a
 * service; the service's domain errors are mapped once, in http.ts.
 */
export function createContractHandler<C extends ApiContract>(
  api: C,
  handlers: EndpointHandlers<C>,
  options: ApiOptions = {},
): ApiHandler {
  const unknown = Object.keys(handlers).filter((name) => !Object.hasOwn(api.endpoints, name));
  if (unknown.length > 0) {
    throw new Error(
      `${api.name}: handlers for endpoints its contract lacks: ${unknown.join(', ')}`,
    );
  }
  const routeHandlers: Record<string, RouteHandler> = {};
  for (const [name, endpoint] of Object.entries(api.endpoints) as [
    keyof C['endpoints'],
    Endpoint,
  ][]) {
    const glue = handlers[name] as EndpointHandler<Endpoint> | undefined;
    if (!glue) throw new Error(`No handler for ${api.name}.${String(name)}`);
    const { authorize, handle } =
      typeof glue === 'function' ? { authorize: undefined, handle: glue } : glue;
    routeHandlers[routeKey({ method: endpoint.method, resource: endpoint.path })] = async (
      event,
    ) => {
      const caller = endpoint.auth === 'cognito' ? callerFrom(event) : undefined;
      await authorize?.(caller as never);
      const params = endpoint.params
        ? parseOr400(endpoint.params, plainObject(event.pathParameters))
        : undefined;
      const query = endpoint.query
        ? parseOr400(endpoint.query, plainObject(event.queryStringParameters))
        : undefined;
      const body = endpoint.body ? parseOr400(endpoint.body, jsonBody(event)) : undefined;
      const answer = await handle({
        body,
        query,
        params,
        caller,
        event,
      } as EndpointInput<Endpoint>);
      if (endpoint.cache === 'no-store') return json(200, answer);
      // The answer object stands for its serialisation: a handler answering the same object again
      // (a cached stock list) is serialised and hashed once.
      return cachedJson(event, answer, endpoint.cache, answer as object);
    };
  }
  return createApiHandler(routesOf(api), routeHandlers, options);
}
