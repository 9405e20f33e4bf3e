import { describe, expect, it } from 'vitest';
import { CallQuotas, COGNITO_CALL_QUOTAS } from './call-quotas';

describe('CallQuotas (Cognito’s per-user code quotas)', () => {
  it('allows each operation its calls per user within an hour, then refuses until one leaves it', () => {
    let now = 0;
    const quotas = new CallQuotas(() => now);
    for (let i = 0; i < COGNITO_CALL_QUOTAS.ConfirmSignUp.limit; i++) {
      expect(quotas.take('ConfirmSignUp', 'ann')).toBe(true);
      now += 1_000;
    }
    expect(quotas.take('ConfirmSignUp', 'ann')).toBe(false);
    // Another user, and another operation of the same user, have budgets of their own.
    expect(quotas.take('ConfirmSignUp', 'bob')).toBe(true);
    expect(quotas.take('ResendConfirmationCode', 'ann')).toBe(true);
    // The first call leaves the window an hour after it was made.
    now = 3_599_999;
    expect(quotas.take('ConfirmSignUp', 'ann')).toBe(false);
    now = 3_600_000;
    expect(quotas.take('ConfirmSignUp', 'ann')).toBe(true);
  });

  it('holds resend and reset requests to 5 an hour', () => {
    const quotas = new CallQuotas(() => 0);
    for (const target of ['ResendConfirmationCode', 'ForgotPassword'] as const) {
      for (let i = 0; i < 5; i++) expect(quotas.take(target, 'ann')).toBe(true);
      expect(quotas.take(target, 'ann')).toBe(false);
    }
  });
});
