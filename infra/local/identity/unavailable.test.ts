import type { Router } from 'cognito-local/lib/server/Router';
import type { Context } from 'cognito-local/lib/services/context';
import { NotAuthorizedError } from 'cognito-local/lib/errors';
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../../core/domain-errors';
import { withUnavailable } from './unavailable';

const ctx = { logger: { warn: () => {} } } as unknown as Context;
const failing =
  (error: unknown): Router =>
  () =>
  async () => {
    throw error;
  };

describe('withUnavailable', () => {
  it('answers a refused store as Cognito’s InternalErrorException with a plain message', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4000'), {
      code: 'ECONNREFUSED',
    });
    const thrown = await withUnavailable(failing(refused))('InitiateAuth')(ctx, {}).catch(
      (e: unknown) => e,
    );
    // cognito-local sends an unknown error as its JSON: that JSON is what the client reads.
    expect(JSON.parse(JSON.stringify(thrown))).toEqual({
      __type: 'InternalErrorException',
      message: UNAVAILABLE_MESSAGE,
    });
  });

  it('passes Cognito’s own errors and answers through', async () => {
    const refusal = new NotAuthorizedError();
    await expect(withUnavailable(failing(refusal))('InitiateAuth')(ctx, {})).rejects.toBe(refusal);
    const ok: Router = () => async () => ({ ok: true });
    await expect(withUnavailable(ok)('GetUser')(ctx, {})).resolves.toEqual({ ok: true });
  });
});
