import { describe, expect, it } from 'vitest';
import { AttemptLimiter, PASSWORD_LOCKOUT, RESET_CODE_LIMIT } from './attempt-limiter';

describe('AttemptLimiter', () => {
  const limiter = (policy = PASSWORD_LOCKOUT) => {
    let now = 0;
    const limits = new AttemptLimiter(policy, () => now);
    return { limits, advance: (ms: number) => (now += ms) };
  };

  it('locks after the free failures, for 1 s, then 2 s, 4 s … as Cognito does', () => {
    const { limits, advance } = limiter();
    for (let i = 0; i < 4; i++) limits.fail('ann');
    expect(limits.isLocked('ann')).toBe(false);
    limits.fail('ann'); // the fifth
    expect(limits.isLocked('ann')).toBe(true);
    advance(999);
    expect(limits.isLocked('ann')).toBe(true);
    advance(1);
    expect(limits.isLocked('ann')).toBe(false);
    limits.fail('ann');
    advance(1_999);
    expect(limits.isLocked('ann')).toBe(true);
    advance(1);
    expect(limits.isLocked('ann')).toBe(false);
    limits.fail('ann');
    advance(3_999);
    expect(limits.isLocked('ann')).toBe(true);
    expect(limits.isLocked('bob')).toBe(false);
  });

  it('caps the password lock at 15 minutes', () => {
    expect(PASSWORD_LOCKOUT.lockMs(30)).toBe(15 * 60_000);
    expect(RESET_CODE_LIMIT.lockMs(0)).toBe(15 * 60_000);
  });

  it('forgets the failures after a success', () => {
    const { limits, advance } = limiter();
    for (let i = 0; i < 5; i++) limits.fail('ann');
    advance(1_000);
    limits.succeed('ann');
    for (let i = 0; i < 4; i++) limits.fail('ann');
    expect(limits.isLocked('ann')).toBe(false);
  });
});
