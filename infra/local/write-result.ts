import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { json } from '../../lambdas/shared/http';
import { bodyBytes } from './body-bytes';
import { encodeForViewer } from './viewer-compression';

/**
 * Writes a Lambda proxy result as API Gateway would: its status, headers and (base64) body. Given
 * the `viewer`'s request, the body is compressed as CloudFront compresses it for that browser.
 */
export function writeResult(
  res: ServerResponse,
  result: APIGatewayProxyResult,
  viewer?: IncomingMessage,
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(result.headers ?? {})) headers[key] = String(value);
  for (const [key, values] of Object.entries(result.multiValueHeaders ?? {}))
    headers[key] = values.map(String);
  const raw = result.isBase64Encoded
    ? Buffer.from(result.body, 'base64')
    : bodyBytes(result.body ?? '');
  const { body, headers: encoding } = viewer
    ? encodeForViewer(viewer, headers, raw)
    : { body: raw, headers: {} };
  res.writeHead(result.statusCode, {
    ...headers,
    ...encoding,
    'Content-Length': String(body.length),
  });
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
