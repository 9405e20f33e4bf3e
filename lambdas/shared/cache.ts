import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

/** How long a kind of data may be reused (seconds). Quotes move each minute; statements rarely. */
export interface CachePolicy {
  readonly maxAgeSeconds: number;
  readonly staleWhileRevalidateSeconds?: number;
}

function header(event: Pick<APIGatewayProxyEvent, 'headers'>, name: string): string | undefined {
  const headers = event.headers ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? headers[key] : undefined;
}

const serialized = new WeakMap<object, { readonly text: string; readonly etag: string }>();

function serialize(body: unknown, memoKey?: object): { text: string; etag: string } {
  const memo = memoKey && serialized.get(memoKey);
  if (memo) return memo;
  const text = JSON.stringify(body);
  const result = { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"` };
  if (memoKey) serialized.set(memoKey, result);
  return result;
}

/**
 * A cacheable JSON response: Cache-Control from the policy and a strong ETag over the body; a
 * matching If-None-Match gets 304 with no body, so revalidation costs no payload.
 */
export function cachedJson(
  event: Pick<APIGatewayProxyEvent, 'headers'>,
  body: unknown,
  policy: CachePolicy,
  /**
   * An object whose identity stands for the body (e.g. a cached stock list): the serialisation and
   * ETag are computed once per key instead of per request.
   */
  memoKey?: object,
): APIGatewayProxyResult {
  const { text, etag } = serialize(body, memoKey);
  // max-age 0 means "revalidate every use" (RFC 9111 no-cache): stored, never served unchecked.
  const cacheControl =
    policy.maxAgeSeconds === 0
      ? 'public, no-cache'
      : [
          'public',
          `max-age=${policy.maxAgeSeconds}`,
          ...(policy.staleWhileRevalidateSeconds
            ? [`stale-while-revalidate=${policy.staleWhileRevalidateSeconds}`]
            : []),
        ].join(', ');
  const headers = {
    'Cache-Control': cacheControl,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  const candidates = (header(event, 'if-none-match') ?? '').split(',').map((t) => t.trim());
  if (candidates.includes(etag) || candidates.includes(`W/${etag}`)) {
    return { statusCode: 304, headers, body: '' };
  }
  return {
    statusCode: 200,
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    body: text,
  };
}
