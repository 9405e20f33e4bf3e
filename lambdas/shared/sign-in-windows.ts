import type { AttemptKey } from '../ports/attempt-log';

/**
 * The attempt windows that bound codes by SMS and guesses at them (rules in
 * core/sign-in-limits.ts), shared by the sign-in triggers and the account API's phone change, so
 * that neither path gets a budget of its own.
 */
export const codeSendsOfUser = (sub: string): AttemptKey => ({
  scope: 'user',
  id: sub,
  kind: 'code-send',
});
export const codeSendsOfPhone = (phone: string): AttemptKey => ({
  scope: 'phone',
  id: phone,
  kind: 'code-send',
});
export const wrongCodesOfUser = (sub: string): AttemptKey => ({
  scope: 'user',
  id: sub,
  kind: 'wrong-code',
});
