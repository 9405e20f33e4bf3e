import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { routesOf, type ApiContract } from '../../core/api/contract';
import { matchRoute, type RouteDefinition } from '../../lambdas/shared/routes';
import type { IdTokenVerifier } from './jwt';
import { readBody } from './request-body';
import { writeResult } from './write-result';

/** A REST API as the local server mounts it: under a path prefix, with its routes and Lambda. */
export interface LocalApi {
  readonly name: string;
  readonly prefix: string;
  readonly routes: readonly RouteDefinition[];
  readonly handler: (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
  /**
   * Its answers reach browsers compressed, as CloudFront compresses them where the behaviour's
   * cache policy accepts gzip and brotli (the public asset API's, infra/aws/web-delivery.ts).
   */
  readonly compressed?: boolean;
}

/** The local mount of an API from its contract (core/api/<api>.ts): its prefix and routes. */
export const localApi = (
  api: ApiContract,
  handler: LocalApi['handler'],
  options: { readonly compressed?: boolean } = {},
): LocalApi => ({
  name: api.name,
  prefix: api.prefix,
  routes: routesOf(api),
  handler,
  ...options,
});

/** API Gateway's payload limit. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * API Gateway's two views of repeated keys — the last value, and all values — built as own
 * properties, as the JSON event a Lambda receives has them: `__proto__` or `constructor` in a query
 * string are data, not the object's prototype or an inherited function.
 */
function keyedValues(entries: Iterable<readonly [string, string]>): {
  readonly last: Record<string, string>;
  readonly all: Record<string, string[]>;
} {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of entries) {
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  return {
    last: Object.fromEntries([...grouped].map(([key, values]) => [key, values.at(-1)!])),
    all: Object.fromEntries(grouped),
  };
}

const gatewayError = (statusCode: number, message: string): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ message }),
});

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
}

/**
 * Plays API Gateway's part for one request: matches the route, runs the Cognito authorizer
 * (verifying the ID token against the local pool's JWKS), builds the REST proxy event and calls
 * the same handler Lambda runs.
 */
export async function handleApiRequest(
  api: LocalApi,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  verifier: IdTokenVerifier,
): Promise<void> {
  const path = url.pathname.slice(api.prefix.length) || '/';
  const match = matchRoute(api.routes, req.method ?? 'GET', path);
  if (match.kind === 'not-found') return writeResult(res, gatewayError(404, 'Not Found'));
  if (match.kind === 'method-not-allowed') {
    return writeResult(res, {
      ...gatewayError(405, 'Method Not Allowed'),
      headers: { Allow: match.allowed.join(', ') },
    });
  }

  let claims: Record<string, string> | undefined;
  if (match.route.auth === 'cognito') {
    const token = bearer(req.headers.authorization);
    if (!token) return writeResult(res, gatewayError(401, 'Unauthorized'));
    try {
      claims = await verifier.verify(token);
    } catch {
      return writeResult(res, gatewayError(401, 'Unauthorized'));
    }
  }

  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === 'too-large') return writeResult(res, gatewayError(413, 'Request Entity Too Large'));

  const { last: headers, all: multiValueHeaders } = keyedValues(
    Object.entries(req.headers).flatMap(([key, value]) =>
      [value ?? []].flat().map((v) => [key, v] as const),
    ),
  );
  const { last: query, all: multiQuery } = keyedValues(url.searchParams);
  const hasQuery = Object.keys(query).length > 0;
  const isText =
    body.length === 0 ||
    /json|text|x-www-form-urlencoded/i.test(headers['content-type'] ?? 'application/json');

  const event: APIGatewayProxyEvent = {
    resource: match.route.resource,
    path,
    httpMethod: match.route.method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: Object.keys(match.pathParameters).length ? match.pathParameters : null,
    stageVariables: null,
    body: body.length === 0 ? null : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: '000000000000',
      apiId: api.name,
      authorizer: claims ? { claims } : null,
      protocol: 'HTTP/1.1',
      httpMethod: match.route.method,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? null,
      } as APIGatewayProxyEvent['requestContext']['identity'],
      path: url.pathname,
      stage: 'local',
      requestId: randomUUID(),
      requestTimeEpoch: Date.now(),
      resourceId: match.route.resource,
      resourcePath: match.route.resource,
    },
  };

  let result: APIGatewayProxyResult;
  try {
    result = await api.handler(event);
  } catch (error) {
    // A Lambda that throws makes API Gateway answer 502; show the same, and log the cause.
    console.error(`[${api.name}] handler threw`, error);
    result = gatewayError(502, 'Internal server error');
  }
  writeResult(res, result, api.compressed ? req : undefined);
}
