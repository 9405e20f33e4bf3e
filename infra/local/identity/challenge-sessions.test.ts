import type { User } from 'cognito-local/lib/services/userPoolService';
import { describe, expect, it } from 'vitest';
import { ChallengeSessions, SESSION_TTL_MS } from './challenge-sessions';

const clockAt = (start: number) => {
  const clock = { ms: start, get: () => new Date(clock.ms) };
  return clock;
};

describe('challenge sessions', () => {
  it('are opaque, single-use and bound to the app client', () => {
    const sessions = new ChallengeSessions<{ step: number }>(clockAt(0), () => 'ann');
    const id = sessions.open('client-a', { step: 1 });
    expect(id).toMatch(/^[\w-]{64}$/);
    expect(() => sessions.take(id, 'client-b')).toThrow('Invalid session for the user.');
    expect(sessions.take(id, 'client-a')).toEqual({ step: 1 });
    expect(() => sessions.take(id, 'client-a')).toThrow('Invalid session for the user.');
    expect(() => sessions.take(undefined, 'client-a')).toThrow('Invalid session for the user.');
  });

  it('expire after 3 minutes with Cognito’s message', () => {
    const clock = clockAt(0);
    const sessions = new ChallengeSessions<string>(clock, (owner) => owner);
    const fresh = sessions.open('c', 'fresh');
    const stale = sessions.open('c', 'stale');
    clock.ms = SESSION_TTL_MS;
    expect(sessions.take(fresh, 'c')).toBe('fresh');
    clock.ms = SESSION_TTL_MS + 1;
    let error: unknown;
    try {
      sessions.take(stale, 'c');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });

  it('expire for one user on the developer control, leaving other users’ sessions alone', () => {
    const clock = clockAt(1_000);
    const sessions = new ChallengeSessions<string>(clock, (owner) => owner);
    const ann = sessions.open('c', 'Ann@example.com');
    const bob = sessions.open('c', 'bob@example.com');
    const user = { Username: 'ann@example.com' } as User;
    expect(sessions.expireForUser(user)).toBe(1);
    expect(sessions.expireForUser(user)).toBe(0);
    expect(() => sessions.take(ann, 'c')).toThrow(
      'Invalid session for the user, session is expired.',
    );
    expect(sessions.take(bob, 'c')).toBe('bob@example.com');
  });
});
