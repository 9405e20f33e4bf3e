import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { handleDevExpire } from './dev-identity';

const request = (method: string, body: string) =>
  Object.assign(Readable.from([Buffer.from(body)]), {
    method,
    headers: {},
  }) as unknown as IncomingMessage;

describe('POST /dev/identity/expire', () => {
  it('ages the named user’s sign-ins and codes', async () => {
    const expire = vi.fn(async () => 2);
    const answer = await handleDevExpire(
      request('POST', JSON.stringify({ email: 'ann@example.com' })),
      expire,
    );
    expect(answer).toEqual({ status: 200, body: { expired: 2 } });
    expect(expire).toHaveBeenCalledWith('ann@example.com');
  });

  it.each([
    ['GET', '{}', 405, 'Use POST'],
    ['POST', 'not json', 400, 'The body must be JSON: {"email": "…"}'],
    ['POST', '{"email": "nobody"}', 400, 'email must be an e-mail address'],
    ['POST', '{}', 400, 'email must be an e-mail address'],
  ])('%s %s → %i with a clear message', async (method, body, status, message) => {
    const expire = vi.fn(async () => 1);
    expect(await handleDevExpire(request(method, body), expire)).toEqual({
      status,
      body: { message },
    });
    expect(expire).not.toHaveBeenCalled();
  });

  it('answers 404 when there was nothing to expire', async () => {
    const answer = await handleDevExpire(
      request('POST', '{"email":"ghost@example.com"}'),
      async () => 0,
    );
    expect(answer.status).toBe(404);
  });
});
