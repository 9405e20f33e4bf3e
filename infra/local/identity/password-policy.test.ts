import { describe, expect, it } from 'vitest';
import { passwordPolicyViolation } from './password-policy';

const policy = {
  MinimumLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
};

describe('Cognito password policy (§5 identity config: min 8, lower, upper, numbers, symbols)', () => {
  it.each([
    ['Ab1!', 'Password not long enough'],
    ['ABCDEFG1!', 'Password must have lowercase characters'],
    ['abcdefg1!', 'Password must have uppercase characters'],
    ['Abcdefgh!', 'Password must have numeric characters'],
    ['Abcdefgh1', 'Password must have symbol characters'],
  ])('%s breaks the policy: %s', (password, reason) => {
    expect(passwordPolicyViolation(password, policy)).toBe(
      `Password did not conform with policy: ${reason}`,
    );
  });

  it('accepts conforming passwords, with any of Cognito’s symbols', () => {
    for (const password of ['Demo#User2025', 'Abcdefg1-', 'Abcdefg1 ', 'Abcdefg1~']) {
      expect(passwordPolicyViolation(password, policy)).toBeUndefined();
    }
  });
});
