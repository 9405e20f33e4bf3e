import { codeSendBudgets, type CodeSendBudget } from '../../core/sign-in-limits';
import type { AttemptKey } from '../ports/attempt-log';

/**
 * The attempt windows that bound codes by SMS and guesses at them (rules in
 * core/sign-in-limits.ts), shared by the sign-in triggers and the account API's phone change, so
 * that neither path gets a budget of its own.
 */
const windowOf = (budget: CodeSendBudget): AttemptKey => {
  switch (budget.scope) {
    case 'user':
      return { scope: 'user', id: budget.sub, kind: 'code-send' };
    case 'phone':
      return { scope: 'phone', id: budget.phone, kind: 'code-send' };
    case 'user-phone':
      // In the account's own partition: nobody else's sends can fill it.
      return { scope: 'user', id: budget.sub, kind: `code-send#${budget.phone}` };
  }
};

/** The windows a code texted to `phone` for account `sub` counts in (core's codeSendBudgets). */
export const codeSendWindows = (
  sub: string,
  phone: string,
  verifiedByAccount: boolean,
): AttemptKey[] => codeSendBudgets(sub, phone, verifiedByAccount).map(windowOf);

export const wrongCodesOfUser = (sub: string): AttemptKey => ({
  scope: 'user',
  id: sub,
  kind: 'wrong-code',
});
