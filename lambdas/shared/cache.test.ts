import { describe, expect, it } from 'vitest';
import { cachedJson } from './cache';

describe('cachedJson', () => {
  const policy = { maxAgeSeconds: 300, staleWhileRevalidateSeconds: 300 };

  it('sets Cache-Control from the policy and an ETag over the body', () => {
    const response = cachedJson({ headers: {} }, { data: [1] }, policy);
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Cache-Control']).toBe(
      'public, max-age=300, stale-while-revalidate=300',
    );
    expect(response.headers?.ETag).toMatch(/^"[\w-]+"$/);
    expect(JSON.parse(response.body)).toEqual({ data: [1] });
  });

  it('marks data that curators change (max-age 0) no-cache: stored, revalidated on every use', () => {
    const response = cachedJson({ headers: {} }, { data: [1] }, { maxAgeSeconds: 0 });
    expect(response.headers?.['Cache-Control']).toBe('public, no-cache');
    expect(response.headers?.ETag).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 without a body when If-None-Match carries the ETag (any case, weak or listed)', () => {
    const etag = String(cachedJson({ headers: {} }, { a: 1 }, policy).headers?.ETag);
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const response = cachedJson({ headers: { 'IF-NONE-MATCH': value } }, { a: 1 }, policy);
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
    }
  });

  it('answers 200 when the body changed', () => {
    const etag = String(cachedJson({ headers: {} }, { a: 1 }, policy).headers?.ETag);
    expect(cachedJson({ headers: { 'if-none-match': etag } }, { a: 2 }, policy).statusCode).toBe(
      200,
    );
  });
});

describe('cachedJson with a memo key', () => {
  it('serialises once per key and reuses it', () => {
    const key = {};
    const first = cachedJson({ headers: {} }, { n: 1 }, { maxAgeSeconds: 1 }, key);
    const second = cachedJson({ headers: {} }, { n: 2 }, { maxAgeSeconds: 1 }, key);
    expect(second.body).toBe(first.body);
    expect(second.headers?.ETag).toBe(first.headers?.ETag);
  });
});
