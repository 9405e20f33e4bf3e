import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../core/auth-errors';
import { Unavailable, UNAVAILABLE_MESSAGE } from '../../core/domain-errors';
import { atTriggerEdge } from './trigger-edge';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:35247'), { code: 'ECONNREFUSED' });

describe('atTriggerEdge', () => {
  it('throws Unavailable, whose plain message the sign-in screen shows, for a store that is down', async () => {
    const trigger = atTriggerEdge(async (_event: unknown) => Promise.reject(refused()));
    const error = await trigger({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Unavailable);
    // As Cognito wraps a trigger's error, and the SPA unwraps it (core/auth-errors.ts).
    const shown = errorMessage(
      `CreateAuthChallenge failed with error ${(error as Error).message}.`,
    );
    expect(shown).toBe(UNAVAILABLE_MESSAGE);
  });

  it('passes the trigger’s own refusals and answers through', async () => {
    const refusal = new Error('Invalid code');
    await expect(atTriggerEdge(async () => Promise.reject(refusal))({})).rejects.toBe(refusal);
    await expect(
      atTriggerEdge(async (event: { n: number }) => event.n + 1)({ n: 1 }),
    ).resolves.toBe(2);
  });
});
