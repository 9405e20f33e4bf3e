import { describe, expect, it } from 'vitest';
import { Conflict, UNAVAILABLE_MESSAGE } from '../../core/domain-errors';
import { atGraphqlEdge, GraphqlCallerError } from '../graphql/errors';
import { errorResponse } from './http';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:41234'), { code: 'ECONNREFUSED' });
const timedOut = () =>
  Object.assign(new Error('Connection timed out after 2000 ms'), { name: 'TimeoutError' });

describe('errorResponse: a store that is unavailable', () => {
  it.each([
    ['refused', refused()],
    ['timed out', timedOut()],
  ])('answers 503 with Retry-After and a plain message when it %s', (_what, error) => {
    const response = errorResponse(error);
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers?.['Retry-After'])).toBeGreaterThan(0);
    expect(JSON.parse(response.body)).toEqual({ message: UNAVAILABLE_MESSAGE });
    expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|timed out/);
  });

  it('still answers a programming error 500 and a domain error its own status', () => {
    expect(errorResponse(new TypeError('x is undefined')).statusCode).toBe(500);
    expect(errorResponse(new Conflict('stale')).statusCode).toBe(409);
  });
});

describe('atGraphqlEdge: a store that is unavailable', () => {
  it('is the caller error Unavailable, with a plain message', async () => {
    const error = await atGraphqlEdge('saveCuratedItem', () => Promise.reject(refused())).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GraphqlCallerError);
    expect(error).toMatchObject({ name: 'Unavailable', message: UNAVAILABLE_MESSAGE });
  });
});
