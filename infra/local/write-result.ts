import type { ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { json } from '../../lambdas/shared/http';

/** Writes a Lambda proxy result as API Gateway would: its status, headers and (base64) body. */
export function writeResult(res: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(result.headers ?? {})) headers[key] = String(value);
  for (const [key, values] of Object.entries(result.multiValueHeaders ?? {}))
    headers[key] = values.map(String);
  const body = result.isBase64Encoded
    ? Buffer.from(result.body, 'base64')
    : Buffer.from(result.body ?? '');
  res.writeHead(result.statusCode, { 'Content-Length': String(body.length), ...headers });
  res.end(body);
}

/**
 * A JSON answer of the local server (health, dev pages, GraphQL), built as the Lambdas build theirs
 * (lambdas/shared/http.ts json: no-store unless told otherwise, nosniff).
 */
export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => writeResult(res, json(status, body, headers));
