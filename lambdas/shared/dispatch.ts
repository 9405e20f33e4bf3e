import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { errorResponse, HttpError } from './http';
import { routeKey, type RouteDefinition } from './routes';

export type RouteHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
export type ApiHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/**
 * One Lambda per API: dispatches on the resource API Gateway matched (event.resource), so routing
 * lives in API Gateway (or the local server) and the handler never parses paths.
 */
export function createApiHandler(
  routes: readonly RouteDefinition[],
  handlers: Readonly<Record<string, RouteHandler>>,
): ApiHandler {
  for (const route of routes) {
    if (!handlers[routeKey(route)]) throw new Error(`No handler for ${routeKey(route)}`);
  }
  return async (event) => {
    try {
      const handler =
        handlers[
          routeKey({
            method: event.httpMethod as RouteDefinition['method'],
            resource: event.resource,
          })
        ];
      if (!handler) throw new HttpError(404, `No route for ${event.httpMethod} ${event.path}`);
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
