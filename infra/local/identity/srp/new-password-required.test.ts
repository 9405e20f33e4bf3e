import type { Services } from 'cognito-local/lib/services';
import type { Context } from 'cognito-local/lib/services/context';
import type { User } from 'cognito-local/lib/services/userPoolService';
import { describe, expect, it, vi } from 'vitest';
import { UserExpiry } from '../user-expiry';
import { newPasswordRequired } from './new-password-required';

function setup() {
  const stored: { user: User } = {
    user: {
      Username: 'uuid-1',
      Password: 'Temp#Pass2025',
      UserStatus: 'FORCE_CHANGE_PASSWORD',
      Enabled: true,
      Attributes: [
        { Name: 'sub', Value: 'uuid-1' },
        { Name: 'email', Value: 'ann@example.com' },
      ],
    } as User,
  };
  const pool = {
    options: { Id: 'pool' },
    getUserByUsername: async () => stored.user,
    saveUser: async (_ctx: Context, user: User) => void (stored.user = user),
  };
  const services = {
    clock: { get: () => new Date(0) },
    cognito: { getUserPool: async () => pool },
  } as unknown as Services;
  const afterPassword = vi.fn(async () => ({ AuthenticationResult: {} }));
  const challenge = newPasswordRequired(services, new UserExpiry(), afterPassword);
  const asked = challenge.ask(
    { clientId: 'web', userPoolId: 'pool', username: 'uuid-1', custom: false },
    stored.user,
  ) as { Session: string; ChallengeParameters: Record<string, string> };
  const answer = (NEW_PASSWORD?: string, Session = asked.Session) =>
    challenge.respond({} as Context, {
      ClientId: 'web',
      Session,
      ChallengeResponses: { USERNAME: 'ann@example.com', NEW_PASSWORD },
    });
  return { stored, asked, answer, afterPassword };
}

describe('NEW_PASSWORD_REQUIRED (a temporary password proven)', () => {
  it('asks with the user’s attributes (not its sub) and a session of its own', () => {
    const { asked } = setup();
    expect(asked.ChallengeParameters).toEqual({
      USER_ID_FOR_SRP: 'uuid-1',
      requiredAttributes: '[]',
      userAttributes: JSON.stringify({ email: 'ann@example.com' }),
    });
    expect(asked.Session).toMatch(/^[\w-]{64}$/);
  });

  it('stores the new password, confirms the user and continues the sign-in, once', async () => {
    const { stored, answer, afterPassword } = setup();
    await expect(answer('Chosen#Pass2025')).resolves.toEqual({ AuthenticationResult: {} });
    expect(stored.user).toMatchObject({ Password: 'Chosen#Pass2025', UserStatus: 'CONFIRMED' });
    expect(afterPassword).toHaveBeenCalledOnce();
    await expect(answer('Again#Pass2025')).rejects.toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Invalid session for the user.',
    });
  });

  it('refuses a session nobody opened, and a user who no longer needs a new password', async () => {
    const { stored, answer } = setup();
    await expect(answer('Chosen#Pass2025', 'made-up')).rejects.toMatchObject({
      message: 'Invalid session for the user.',
    });
    stored.user = { ...stored.user, UserStatus: 'CONFIRMED' };
    await expect(answer('Chosen#Pass2025')).rejects.toMatchObject({
      message: 'Invalid session for the user.',
    });
    expect(stored.user.Password).toBe('Temp#Pass2025');
  });

  it('needs NEW_PASSWORD, and a user still enabled', async () => {
    const { stored, answer } = setup();
    await expect(answer(undefined)).rejects.toMatchObject({ code: 'InvalidParameterException' });
    stored.user = { ...stored.user, Enabled: false };
    await expect(answer('Chosen#Pass2025')).rejects.toMatchObject({
      message: 'User is disabled.',
    });
  });
});
