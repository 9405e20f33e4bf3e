import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { SessionRevocations } from '../ports/session-revocations';
import { callerFrom } from './claims';
import { errorResponse, HttpError } from './http';
import { refuseRevoked } from './revocation';
import { routeKey, type RouteDefinition } from './routes';

export type RouteHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
export type ApiHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

export interface ApiOptions {
  /**
   * Where revoked sessions are looked up: every route with Cognito auth refuses a token revoked
   * since it was issued (sign-out everywhere, a signed-out session, an admin's disable), which API
   * Gateway's authorizer cannot know. Required when any route has Cognito auth.
   */
  readonly revocations?: SessionRevocations;
  readonly now?: () => number;
}

/**
 * One Lambda per API: dispatches on the resource API Gateway matched (event.resource), so routing
 * lives in API Gateway (or the local server) and the handler never parses paths. Routes with
 * Cognito auth get the caller's claims checked and revocations applied before their handler runs.
 */
export function createApiHandler(
  routes: readonly RouteDefinition[],
  handlers: Readonly<Record<string, RouteHandler>>,
  { revocations, now = Date.now }: ApiOptions = {},
): ApiHandler {
  for (const route of routes) {
    if (!handlers[routeKey(route)]) throw new Error(`No handler for ${routeKey(route)}`);
    if (route.auth === 'cognito' && !revocations) {
      throw new Error(`${routeKey(route)} needs Cognito auth: give the API its revocations`);
    }
  }
  const authOf = new Map(routes.map((route) => [routeKey(route), route.auth]));
  return async (event) => {
    try {
      const key = routeKey({
        method: event.httpMethod as RouteDefinition['method'],
        resource: event.resource,
      });
      const handler = handlers[key];
      if (!handler) throw new HttpError(404, `No route for ${event.httpMethod} ${event.path}`);
      if (authOf.get(key) === 'cognito' && revocations) {
        await refuseRevoked(revocations, callerFrom(event), now());
      }
      return await handler(event);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Builds the composition once, on first use (Lambda cold start), and reuses it. */
export function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
